-- A member's new role; an Owner stays if no other active Owner would be left (the count says whether it changed).
UPDATE merchant_user SET role = :role
WHERE id = :id
  AND merchant_id = :merchantId
  AND removed_at IS NULL
  AND (role <> 'OWNER' OR :role = 'OWNER' OR EXISTS (
      SELECT 1 FROM merchant_user o
      WHERE o.merchant_id = :merchantId AND o.role = 'OWNER' AND o.removed_at IS NULL AND o.id <> :id
        AND o.password_hash IS NOT NULL))
