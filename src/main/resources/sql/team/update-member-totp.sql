-- Two factors set up: the secret the member's authenticator app holds, and the step of the code that proved it.
UPDATE merchant_user SET totp_secret_sealed = :secretSealed, totp_enabled_at = :now, last_totp_step = :step
WHERE id = :id AND totp_enabled_at IS NULL
