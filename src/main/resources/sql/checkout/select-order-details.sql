-- One order by its id, only if it is the merchant's and of the mode asked: the OrderDetails record.
SELECT id, order_id, amount, currency, payment_status, cancel_reason, expires_at, created_at, buyer_name,
       buyer_email, buyer_phone, payment_methods, redirect_url, cancel_url, webhook_url, attempts
FROM checkout_order
WHERE id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
