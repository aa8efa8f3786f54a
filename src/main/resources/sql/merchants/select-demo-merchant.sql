SELECT id
FROM merchant
WHERE demo = TRUE
ORDER BY created_at
LIMIT 1
