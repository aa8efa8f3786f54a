INSERT INTO api_key (id, merchant_id, name, lookup, secret_hash, scopes, allowed_ips, livemode, status, expires_at,
                     created_at)
VALUES (:#id, :#merchantId, :#name, :#lookup, :#secretHash, :#scopes, :#allowedIps, :#livemode, 'ACTIVE',
        :#expiresAt, :#createdAt)
