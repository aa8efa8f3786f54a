SELECT id, vendor, name, email, status, demo, created_at, verified_at
FROM merchant
WHERE id = :#${exchangeProperty.malipoMerchantId}
