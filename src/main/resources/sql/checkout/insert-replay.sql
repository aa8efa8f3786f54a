INSERT INTO checkout_replay (credential_id, fingerprint, created_at)
VALUES (:#credentialId, :#fingerprint, :#createdAt)
