-- The latest changes made in a merchant's dashboard, newest first, with who made them (AuditEntry records).
SELECT a.created_at, u.email, a.action, a.detail, a.address
FROM dashboard_audit a
LEFT JOIN merchant_user u ON u.id = a.user_id
WHERE a.merchant_id = :merchantId
ORDER BY a.created_at DESC, a.id
LIMIT 200
