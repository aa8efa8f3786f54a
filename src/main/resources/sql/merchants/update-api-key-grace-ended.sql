-- Forget the hashes of replaced API keys once their grace period is over.
UPDATE api_key
SET previous_secret_hash = NULL,
    previous_valid_until = NULL
WHERE previous_valid_until IS NOT NULL
  AND previous_valid_until <= :#${exchangeProperty.malipoNow}
