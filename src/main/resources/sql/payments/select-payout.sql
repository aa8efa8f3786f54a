-- A payout as the Payout record holds it: what sending, settling and compensating it need.
SELECT id, merchant_id, livemode, amount, fee, currency, msisdn, provider, merchant_reference, description, reference,
       provider_ref, status, failure_code, sent_at, created_at
FROM payout
WHERE id = :#id
