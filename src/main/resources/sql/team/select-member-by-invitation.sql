-- The member an invitation link is for, while the link is unused and unexpired (TeamMember).
SELECT u.id, u.merchant_id, u.email, u.role, u.password_hash, u.totp_secret_sealed, u.totp_enabled_at,
       u.last_totp_step, u.sessions_valid_after, m.name AS merchant_name, m.status = 'VERIFIED' AS merchant_verified
FROM user_invitation i
JOIN merchant_user u ON u.id = i.user_id
JOIN merchant m ON m.id = u.merchant_id
WHERE u.removed_at IS NULL
  AND i.token_hash = :tokenHash
  AND i.used_at IS NULL
  AND i.expires_at > :now
