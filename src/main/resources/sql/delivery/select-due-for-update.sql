-- Rows due now, and rows whose claim lapsed (their instance stopped mid-send). SKIP LOCKED lets
-- every instance claim a different set without waiting on each other.
SELECT id
FROM delivery
WHERE (status = 'PENDING' AND next_attempt_at <= :#now)
   OR (status = 'DELIVERING' AND claimed_until < :#now)
ORDER BY next_attempt_at
LIMIT :#batch
FOR UPDATE SKIP LOCKED
