-- DeliveryStatus: FAILED | PENDING | DELIVERED -> PENDING.
-- One more attempt now, whatever happened before; a row being sent right now is left alone.
UPDATE delivery
SET status = 'PENDING', next_attempt_at = :#now
WHERE id = :#id
  AND status IN ('FAILED', 'PENDING', 'DELIVERED')
