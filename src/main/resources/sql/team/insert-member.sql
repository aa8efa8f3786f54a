-- A team member, invited: no password until the invitation is accepted.
INSERT INTO merchant_user (id, merchant_id, email, role, sessions_valid_after, created_at)
VALUES (:id, :merchantId, :email, :role, :now, :now)
