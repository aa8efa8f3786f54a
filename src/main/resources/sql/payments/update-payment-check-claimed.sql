-- Claims one due status check. Of reconciliation runs that overlap (two instances, or a run
-- still going when the next starts), only the one whose update lands asks the provider; the
-- lease keeps the others off until it has its answer (or its instance has stopped).
UPDATE payment
SET next_check_at = :#leaseUntil
WHERE id = :#paymentId
  AND status = 'PENDING'
  AND next_check_at <= :#now
