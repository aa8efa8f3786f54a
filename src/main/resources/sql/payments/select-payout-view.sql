-- One payout, only if it is the merchant's and of the mode asked.
SELECT id, seq, status, amount, fee, currency, msisdn, provider, merchant_reference, description, reference,
       provider_ref, failure_code, failure_message, created_at, updated_at
FROM payout
WHERE id = :#payoutId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
