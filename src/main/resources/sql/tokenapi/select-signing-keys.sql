-- Every key that may have signed a token still in its lifetime, newest first.
SELECT kid, private_key_sealed, public_jwk, created_at
FROM token_signing_key
ORDER BY created_at DESC, kid
