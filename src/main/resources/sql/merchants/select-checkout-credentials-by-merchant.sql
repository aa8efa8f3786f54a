SELECT id, merchant_id, api_key, livemode, status, created_at, rotated_at, previous_valid_until, revoked_at
FROM checkout_credential
WHERE merchant_id = :#${exchangeProperty.malipoMerchantId}
ORDER BY created_at, id
