UPDATE provider_setting
SET enabled = :#enabled,
    limits = :#limits,
    updated_at = :#now
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND provider = :#provider
