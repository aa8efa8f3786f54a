UPDATE reversal
SET next_check_at = :#nextCheckAt,
    checks = checks + 1,
    updated_at = :#now
WHERE id = :#id
  AND status = 'PENDING'
