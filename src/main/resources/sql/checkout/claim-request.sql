-- PostgreSQL only: what insert-signature-use.sql, select-signature-use.sql and insert-replay.sql do,
-- in one round trip. The signature is bound to this operation if it is new; the request's
-- fingerprint is claimed only when the signature is this operation's. An answer kept for the
-- fingerprint is read as it was before this statement (a claim made here has none yet).
-- bound_operation is NULL only when another use of the same signature committed while this ran.
WITH bound AS (
    INSERT INTO signature_use (credential_id, signature, operation, created_at)
    VALUES (:#credentialId, :#signature, :#operation, :#now)
    ON CONFLICT DO NOTHING
    RETURNING operation
), operation AS (
    SELECT operation FROM bound
    UNION ALL
    SELECT operation FROM signature_use WHERE credential_id = :#credentialId AND signature = :#signature
    LIMIT 1
), claimed AS (
    INSERT INTO checkout_replay (credential_id, fingerprint, created_at)
    SELECT CAST(:#credentialId AS UUID), :#fingerprint, CAST(:#now AS TIMESTAMP WITH TIME ZONE)
    WHERE (SELECT operation FROM operation) = :#operation
      -- A claim already made is seen here without waiting, even while its own statement is still
      -- storing the answer (insert-order-answered.sql), which an insert meeting it would wait for.
      AND NOT EXISTS (SELECT 1 FROM checkout_replay WHERE credential_id = :#credentialId AND fingerprint = :#fingerprint)
    ON CONFLICT DO NOTHING
    RETURNING fingerprint
)
SELECT (SELECT operation FROM operation) AS bound_operation,
       EXISTS (SELECT 1 FROM claimed) AS claimed,
       kept.response_status,
       kept.response_body
FROM (SELECT 1) AS one
LEFT JOIN checkout_replay kept ON kept.credential_id = :#credentialId AND kept.fingerprint = :#fingerprint
