-- One change made in the dashboard, or one sign-in: who, what, when, from where.
INSERT INTO dashboard_audit (id, merchant_id, user_id, action, detail, address, created_at)
VALUES (:id, :merchantId, :userId, :action, :detail, :address, :now)
