-- An order and its completing payment's details: the StoredOrder record.
SELECT o.id, o.order_id, o.amount, o.currency, o.payment_status, o.cancel_reason, o.expires_at, o.created_at,
       o.request_hash, o.create_response, o.payment_methods, o.attempts, o.buyer_phone,
       p.transid, p.provider, p.reference, p.msisdn
FROM checkout_order o
LEFT JOIN payment p ON p.id = o.completed_payment_id
WHERE o.merchant_id = :#merchantId
  AND o.livemode = :#livemode
  AND o.order_id = :#orderId
