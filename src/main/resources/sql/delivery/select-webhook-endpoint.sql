-- One endpoint of the merchant and mode (never its secret); none for another merchant's or mode's id.
SELECT id, seq, merchant_id, livemode, url, events, description, enabled, created_at
FROM webhook_endpoint
WHERE id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
