-- OrderStatus: PENDING -> INPROGRESS.
-- One attempt in flight per order: whoever moves it from PENDING owns the attempt.
UPDATE checkout_order
SET payment_status = 'INPROGRESS', attempts = attempts + 1, updated_at = :#now
WHERE id = :#orderUuid
  AND payment_status = 'PENDING'
  AND expires_at > :#now
  AND attempts < :#maxAttempts
