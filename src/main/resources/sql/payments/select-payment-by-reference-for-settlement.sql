-- The payment a report names by Malipo's reference, locked until the settlement commits.
-- Read into the StoredPayment record.
SELECT id, merchant_id, livemode, checkout_order, channel, provider, amount, currency, msisdn, card_token, transid,
       reference, provider_ref, status, failure_code, checks, created_at
FROM payment
WHERE reference = :#reference
  AND provider = :#provider
FOR UPDATE
