INSERT INTO user_invitation (id, user_id, token_hash, expires_at, created_at)
VALUES (:id, :userId, :tokenHash, :expiresAt, :now)
