-- A team member, invited: no password until the invitation is accepted. The email is theirs
-- while they are on the team (active_email is unique).
INSERT INTO merchant_user (id, merchant_id, email, active_email, role, sessions_valid_after, created_at)
VALUES (:id, :merchantId, :email, :email, :role, :now, :now)
