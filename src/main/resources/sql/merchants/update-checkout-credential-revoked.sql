-- CredentialStatus: ACTIVE -> REVOKED, at once and for good (a repeat keeps the first revoked_at).
UPDATE checkout_credential
SET status = 'REVOKED',
    revoked_at = COALESCE(revoked_at, :#${exchangeProperty.malipoNow}),
    previous_secret_sealed = NULL,
    previous_valid_until = NULL
WHERE id = :#${exchangeProperty.malipoCredentialId}
