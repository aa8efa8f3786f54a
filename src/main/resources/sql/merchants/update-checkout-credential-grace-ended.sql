-- Forget replaced checkout secrets once their grace period is over.
UPDATE checkout_credential
SET previous_secret_sealed = NULL,
    previous_valid_until = NULL
WHERE previous_valid_until IS NOT NULL
  AND previous_valid_until <= :#${exchangeProperty.malipoNow}
