-- The attempts of the deliveries select-deliveries-for-source.sql finds, each delivery's in order.
-- Read into DeliveryAttempt.
SELECT a.delivery_id, a.attempt, a.attempted_at, a.status_code, a.error, a.answer
FROM delivery_attempt a
JOIN delivery d ON d.id = a.delivery_id
WHERE d.source_type = :#sourceType
  AND d.source_id = :#sourceId
  AND d.merchant_id = :#merchantId
  AND d.livemode = :#livemode
ORDER BY a.delivery_id, a.attempt
