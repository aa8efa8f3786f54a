-- Keys past their window: a request repeating one is new again.
DELETE FROM idempotency_key
WHERE created_at < :#olderThan
