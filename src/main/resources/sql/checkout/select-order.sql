SELECT id, order_id, amount, currency, payment_status, cancel_reason, expires_at, created_at, request_hash,
       create_response
FROM checkout_order
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND order_id = :#orderId
