-- A payer's own payment of an order (by its payment token), by the provider's transaction id,
-- locked until the settlement commits: a FAILED report and a later SUCCESS report of the same
-- transaction name the same payment.
-- Read into the StoredPayment record.
SELECT id, merchant_id, livemode, checkout_order, channel, provider, amount, currency, msisdn, card_token, transid,
       reference, provider_ref, status, failure_code, checks, created_at
FROM payment
WHERE checkout_order = :#orderUuid
  AND transid = :#transid
FOR UPDATE
