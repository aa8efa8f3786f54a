SELECT attempt, attempted_at, duration_ms, status_code, error, instance
FROM delivery_attempt
WHERE delivery_id = :#id
ORDER BY attempt
