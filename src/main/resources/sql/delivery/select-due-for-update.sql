-- Rows due now, and rows whose claim lapsed (their instance stopped mid-send), except those of
-- hosts this instance already sends to as much as it may (:#busy, never empty). SKIP LOCKED lets
-- every instance claim a different set without waiting on each other. The dispatcher claims of
-- these only as many per host as that host has room for (update-claimed.sql, in the same
-- transaction); the rest it leaves as they are, locked only until its claim commits.
-- A claim moves next_attempt_at to when it lapses (update-claimed.sql), so next_attempt_at <= :#now
-- holds for a DELIVERING row once its claim lapsed; claimed_until is still checked, for rows an
-- earlier version claimed without moving it. Written so, the condition is one range of
-- PostgreSQL's index delivery_open, read in order and only as far as the rows taken.
SELECT id, merchant_id, livemode, kind, credential_id, webhook_endpoint_id, event_id, target_url, payload,
       source_type, source_id, attempts
FROM delivery
WHERE status IN ('PENDING', 'DELIVERING')
  AND next_attempt_at <= :#now
  AND (status = 'PENDING' OR claimed_until < :#now)
  AND (target_host IS NULL OR target_host NOT IN (:#in:busy))
ORDER BY next_attempt_at
LIMIT :#batch
FOR UPDATE SKIP LOCKED
