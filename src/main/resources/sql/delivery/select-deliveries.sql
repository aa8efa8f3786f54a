SELECT id, merchant_id, livemode, kind, target_url, status, attempts, next_attempt_at, last_status, last_error,
       source_type, source_id, created_at, delivered_at, seq
FROM delivery
WHERE (:#status = '' OR status = :#status)
  AND (CAST(:#merchantId AS UUID) IS NULL OR merchant_id = :#merchantId)
  AND seq < :#beforeSeq
ORDER BY seq DESC
LIMIT :#limit
