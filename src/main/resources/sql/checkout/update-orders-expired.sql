-- OrderStatus: PENDING -> CANCELLED (EXPIRED).
-- The scheduled sweep; every access also expires the order it touches.
UPDATE checkout_order
SET payment_status = 'CANCELLED', cancel_reason = 'EXPIRED', updated_at = :#now
WHERE payment_status = 'PENDING'
  AND expires_at <= :#now
