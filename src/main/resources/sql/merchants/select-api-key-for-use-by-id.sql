-- An API key with what deciding whether it may be used needs: its merchant's standing. Found by
-- id: the key behind an access token, on every request.
SELECT k.id, k.merchant_id, k.lookup, k.secret_hash, k.previous_secret_hash, k.previous_valid_until, k.scopes,
       k.allowed_ips, k.livemode, k.status, k.expires_at, m.status AS merchant_status
FROM api_key k
JOIN merchant m ON m.id = k.merchant_id
WHERE k.id = :#apiKeyId
