-- A payout with what sending, settling and compensating it need.
SELECT id, merchant_id, livemode, amount, fee, currency, msisdn, provider, reference, provider_ref, status, sent_at,
       created_at
FROM payout
WHERE id = :#id
