UPDATE checkout_credential
SET secret_sealed = :#secretSealed, previous_secret_sealed = :#previousSecretSealed
WHERE id = :#id
