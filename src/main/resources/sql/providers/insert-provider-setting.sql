-- First settings for the provider; a concurrent first write wins and the caller updates after it.
INSERT INTO provider_setting (merchant_id, livemode, provider, enabled, limits, updated_at)
VALUES (:#merchantId, :#livemode, :#provider, :#enabled, :#limits, :#now)
ON CONFLICT DO NOTHING
