SELECT id, merchant_id, name, lookup, secret_hash, scopes, allowed_ips, livemode, status, expires_at, created_at,
       rotated_at, previous_valid_until, revoked_at, last_used_at
FROM api_key
WHERE id = :#${exchangeProperty.malipoCredentialId}
