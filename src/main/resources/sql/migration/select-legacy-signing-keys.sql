SELECT kid, private_key_sealed
FROM token_signing_key
WHERE private_key_sealed LIKE 'v1.%'
