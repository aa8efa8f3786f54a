-- The payment a report names, locked until the settlement commits: two reports of one
-- transaction (a notification and a status query at once) take turns, and each sees what the
-- other did.
-- Read into the StoredPayment record.
SELECT id, merchant_id, livemode, checkout_order, channel, provider, amount, currency, msisdn, card_token, transid,
       reference, provider_ref, status, failure_code, checks, created_at
FROM payment
WHERE id = :#paymentId
FOR UPDATE
