-- A member leaves the team; never the last Owner who can sign in (the count says whether it was
-- removed). Their email is free again for a new invitation.
UPDATE merchant_user SET removed_at = :now, sessions_valid_after = :now, active_email = NULL
WHERE id = :id
  AND merchant_id = :merchantId
  AND removed_at IS NULL
  AND (role <> 'OWNER' OR EXISTS (
      SELECT 1 FROM merchant_user o
      WHERE o.merchant_id = :merchantId AND o.role = 'OWNER' AND o.removed_at IS NULL AND o.id <> :id
        AND o.password_hash IS NOT NULL))
