-- Claims an Idempotency-Key; a second request with the same key finds it taken.
INSERT INTO idempotency_key (merchant_id, livemode, idem_key, request_hash, claim_token, created_at)
VALUES (:#merchantId, :#livemode, :#key, :#requestHash, :#claimToken, :#now)
