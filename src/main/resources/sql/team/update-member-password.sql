UPDATE merchant_user SET password_hash = :passwordHash WHERE id = :id
