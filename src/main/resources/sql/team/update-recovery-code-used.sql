UPDATE user_recovery_code SET used_at = :now WHERE user_id = :userId AND code_hash = :codeHash AND used_at IS NULL
