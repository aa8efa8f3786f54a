-- Sign out everywhere: every session of the member signed in before now is over.
UPDATE merchant_user SET sessions_valid_after = :now WHERE id = :id
