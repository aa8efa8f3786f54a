-- A payment as the StoredPayment record holds it.
SELECT id, merchant_id, livemode, checkout_order, channel, provider, amount, currency, msisdn, card_token, transid,
       reference, provider_ref, status, failure_code, checks, created_at
FROM payment
WHERE id = :#paymentId
