SELECT id, merchant_id, livemode, kind, target_url, payload, status, attempts, next_attempt_at, last_status,
       last_error, source_type, source_id, created_at, delivered_at, seq
FROM delivery
WHERE id = :#id
