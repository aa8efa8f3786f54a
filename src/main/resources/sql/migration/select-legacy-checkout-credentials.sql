-- Checkout credentials with a secret sealed in the first format (v1., under the master key itself).
SELECT id, secret_sealed, previous_secret_sealed
FROM checkout_credential
WHERE secret_sealed LIKE 'v1.%'
   OR previous_secret_sealed LIKE 'v1.%'
