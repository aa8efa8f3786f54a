-- Claims one due status check of a sent payout. Of reconciliation runs that overlap, only the one
-- whose update lands asks the provider; the lease keeps the others off until it has its answer.
UPDATE payout
SET next_check_at = :#leaseUntil
WHERE id = :#id
  AND status = 'PENDING'
  AND sent_at IS NOT NULL
  AND next_check_at <= :#now
