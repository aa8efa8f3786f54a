-- OrderStatus: PENDING -> CANCELLED (EXPIRED).
-- Expiry checked on access: an order whose time is up is cancelled before anyone acts on it.
UPDATE checkout_order
SET payment_status = 'CANCELLED', cancel_reason = 'EXPIRED', updated_at = :#now
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND order_id = :#orderId
  AND payment_status = 'PENDING'
  AND expires_at <= :#now
