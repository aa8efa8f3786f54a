-- OrderStatus: PENDING -> CANCELLED (MERCHANT).
-- Only a PENDING order whose time is not up may be cancelled; the update count says whether it was.
UPDATE checkout_order
SET payment_status = 'CANCELLED', cancel_reason = 'MERCHANT', updated_at = :#now
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND order_id = :#orderId
  AND payment_status = 'PENDING'
  AND expires_at > :#now
