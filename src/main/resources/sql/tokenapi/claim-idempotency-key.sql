-- Claims an Idempotency-Key in one statement: a new key, or one past its window (which a request
-- repeating it makes new again). No row claimed means the key is taken: by an earlier request
-- within the window, or by one claiming it at the same moment (which PostgreSQL reports as a
-- duplicate key instead).
MERGE INTO idempotency_key k
USING (SELECT 1 AS one) AS claim
ON k.merchant_id = :#merchantId AND k.livemode = :#livemode AND k.idem_key = :#key
WHEN MATCHED AND k.created_at < :#olderThan THEN
    UPDATE SET request_hash = :#requestHash, claim_token = :#claimToken, created_at = :#now,
               response_status = NULL, response_body = NULL, committed_at = NULL, resource_type = NULL,
               resource_id = NULL
WHEN NOT MATCHED THEN
    INSERT (merchant_id, livemode, idem_key, request_hash, claim_token, created_at)
    VALUES (:#merchantId, :#livemode, :#key, :#requestHash, :#claimToken, :#now)
