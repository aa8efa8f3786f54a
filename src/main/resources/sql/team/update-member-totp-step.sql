-- A code is accepted once: only a later time step than the last accepted one counts.
UPDATE merchant_user SET last_totp_step = :step WHERE id = :id AND last_totp_step < :step
