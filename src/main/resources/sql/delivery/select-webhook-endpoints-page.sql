SELECT id, seq, url, events, description, enabled, created_at
FROM webhook_endpoint
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND seq < :#beforeSeq
ORDER BY seq DESC
LIMIT :#limit
