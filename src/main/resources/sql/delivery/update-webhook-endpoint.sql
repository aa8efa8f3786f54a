UPDATE webhook_endpoint
SET url = :#url, events = :#events, description = :#description, enabled = :#enabled, updated_at = :#now
WHERE id = :#id
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
