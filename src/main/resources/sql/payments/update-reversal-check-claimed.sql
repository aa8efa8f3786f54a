-- Claims one due status check of a sent reversal. Of reconciliation runs that overlap, only the one
-- whose update lands asks the provider; the lease keeps the others off until it has its answer.
UPDATE reversal
SET next_check_at = :#leaseUntil
WHERE id = :#id
  AND sent_at IS NOT NULL
  -- A notification's hint asks at once, whenever the next check was due, and even once Malipo
  -- has given up: a success the provider confirms late is still money that moved.
  AND (:#hint OR (status = 'PENDING' AND next_check_at <= :#now))
