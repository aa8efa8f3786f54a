SELECT id
FROM payment
WHERE status = 'PENDING'
  AND next_check_at <= :#now
ORDER BY next_check_at
LIMIT 200
