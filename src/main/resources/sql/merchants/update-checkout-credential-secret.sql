-- Compare-and-set on the current secret: of two rotations racing, one wins and the other is
-- told to retry, rather than both handing out secrets of which only one works.
UPDATE checkout_credential
SET previous_secret_sealed = secret_sealed,
    previous_valid_until = :#previousValidUntil,
    secret_sealed = :#secretSealed,
    rotated_at = :#rotatedAt
WHERE id = :#id
  AND status = 'ACTIVE'
  AND secret_sealed = :#expectedSecretSealed
