UPDATE token_signing_key
SET private_key_sealed = :#privateKeySealed
WHERE kid = :#kid
