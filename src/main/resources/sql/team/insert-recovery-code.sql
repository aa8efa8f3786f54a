INSERT INTO user_recovery_code (user_id, code_hash) VALUES (:userId, :codeHash)
