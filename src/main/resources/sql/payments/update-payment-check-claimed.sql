-- Claims one due status check. Of reconciliation runs that overlap (two instances, or a run
-- still going when the next starts), only the one whose update lands asks the provider; the
-- lease keeps the others off until it has its answer (or its instance has stopped).
UPDATE payment
SET next_check_at = :#leaseUntil
WHERE id = :#paymentId
  -- A notification's hint asks at once, whenever the next check was due, and even once Malipo
  -- has given up: a success the provider confirms late is still money that moved.
  AND (:#hint OR (status = 'PENDING' AND next_check_at <= :#now))
