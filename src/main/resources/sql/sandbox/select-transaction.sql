SELECT id, provider, reference, msisdn, card_token, amount, currency, kind, created_at
FROM sandbox_transaction
WHERE provider = :#provider
  AND id = :#id
