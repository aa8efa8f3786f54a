-- The first use of a signature binds it to its operation; a later use inserts nothing.
INSERT INTO signature_use (credential_id, signature, operation, created_at)
VALUES (:#credentialId, :#signature, :#operation, :#now)
ON CONFLICT DO NOTHING
