-- An invitation is used once: the count says whether this use was the one.
UPDATE user_invitation SET used_at = :now
WHERE token_hash = :tokenHash AND used_at IS NULL AND expires_at > :now
