SELECT provider, enabled, limits, updated_at
FROM provider_setting
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
