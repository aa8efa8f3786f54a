-- A completed order and the payment that completed it: the CompletedOrder record.
SELECT o.order_id, o.webhook_url, o.credential_id, o.merchant_id, o.livemode, o.buyer_phone,
       p.id AS payment_id, p.transid, p.reference, p.provider, p.msisdn, p.amount, p.currency
FROM checkout_order o
JOIN payment p ON p.id = o.completed_payment_id
WHERE o.id = :#orderUuid
