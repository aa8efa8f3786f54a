-- Reversals to act on: sent and not confirmed by the time they are next asked about, or never
-- sent at all (their sender stopped before it could) a while after they were created.
SELECT id
FROM reversal
WHERE status = 'PENDING'
  AND ((sent_at IS NOT NULL AND next_check_at <= :#now) OR (sent_at IS NULL AND created_at <= :#unsentBefore))
ORDER BY created_at
LIMIT 200
