-- A team member by the email they sign in with (TeamMember), whatever its case.
SELECT u.id, u.merchant_id, u.email, u.role, u.password_hash, u.totp_secret_sealed, u.totp_enabled_at,
       u.last_totp_step, u.sessions_valid_after, m.name AS merchant_name, m.status = 'VERIFIED' AS merchant_verified
FROM merchant_user u
JOIN merchant m ON m.id = u.merchant_id
WHERE u.removed_at IS NULL
  AND u.active_email = :email
