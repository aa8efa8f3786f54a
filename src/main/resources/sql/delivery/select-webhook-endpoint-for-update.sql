-- One endpoint of the merchant and mode, locked until the change to it commits.
SELECT id, seq, url, events, description, enabled, created_at
FROM webhook_endpoint
WHERE id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
FOR UPDATE
