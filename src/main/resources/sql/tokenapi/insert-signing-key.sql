-- A new signing key; two instances starting together may each add one, and both stay usable.
INSERT INTO token_signing_key (kid, private_key_sealed, public_jwk, created_at)
VALUES (:#kid, :#privateKeySealed, :#publicJwk, :#createdAt)
