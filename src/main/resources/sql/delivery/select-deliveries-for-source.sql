-- What one payment, payout or reversal caused to be sent, oldest first, only if it is the
-- merchant's and of the mode asked. Read into SourceDelivery (never the payload).
SELECT id, kind, target_url, status, attempts, next_attempt_at, last_status, source_type, source_id, created_at,
       delivered_at
FROM delivery
WHERE source_type = :#sourceType
  AND source_id = :#sourceId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
ORDER BY seq
