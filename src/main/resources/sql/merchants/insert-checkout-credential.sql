INSERT INTO checkout_credential (id, merchant_id, api_key, secret_sealed, livemode, status, created_at)
VALUES (:#id, :#merchantId, :#apiKey, :#secretSealed, :#livemode, 'ACTIVE', :#createdAt)
