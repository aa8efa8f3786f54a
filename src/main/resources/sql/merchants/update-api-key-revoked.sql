-- CredentialStatus: ACTIVE -> REVOKED, at once and for good (a repeat keeps the first revoked_at).
UPDATE api_key
SET status = 'REVOKED',
    revoked_at = COALESCE(revoked_at, :#${exchangeProperty.malipoNow}),
    previous_secret_hash = NULL,
    previous_valid_until = NULL
WHERE id = :#${exchangeProperty.malipoCredentialId}
