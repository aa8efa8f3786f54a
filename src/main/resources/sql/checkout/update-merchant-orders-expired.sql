-- OrderStatus: PENDING -> CANCELLED (EXPIRED), for one merchant and mode: list-orders sees expired orders as such.
UPDATE checkout_order
SET payment_status = 'CANCELLED', cancel_reason = 'EXPIRED', updated_at = :#now
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND payment_status = 'PENDING'
  AND expires_at <= :#now
