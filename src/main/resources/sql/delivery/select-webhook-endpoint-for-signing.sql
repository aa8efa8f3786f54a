SELECT id, enabled, secret_sealed
FROM webhook_endpoint
WHERE id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
