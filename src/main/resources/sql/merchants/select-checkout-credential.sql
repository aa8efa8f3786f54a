SELECT id, merchant_id, api_key, secret_sealed, livemode, status, created_at, rotated_at, previous_valid_until,
       revoked_at
FROM checkout_credential
WHERE id = :#${exchangeProperty.malipoCredentialId}
