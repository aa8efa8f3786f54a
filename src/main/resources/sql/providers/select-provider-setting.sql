-- A merchant's choices for one provider in one mode; no row means enabled without limits.
SELECT provider, enabled, limits, updated_at
FROM provider_setting
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND provider = :#provider
