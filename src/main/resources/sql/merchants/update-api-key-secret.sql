-- Compare-and-set on the current hash, for the same reason as checkout credential rotation.
UPDATE api_key
SET previous_secret_hash = secret_hash,
    previous_valid_until = :#previousValidUntil,
    secret_hash = :#secretHash,
    rotated_at = :#rotatedAt
WHERE id = :#id
  AND status = 'ACTIVE'
  AND secret_hash = :#expectedSecretHash
