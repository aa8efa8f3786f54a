-- The reversal a report names, locked until the settlement commits (its payment is locked first).
SELECT id, merchant_id, livemode, payment_id, amount, fee_refunded, currency, provider, reference, provider_ref,
       status, failure_code, sent_at, created_at
FROM reversal
WHERE id = :#id
FOR UPDATE
