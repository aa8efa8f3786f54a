-- An email belongs to one member at a time: a member removed from a team keeps their row (and
-- email) for the audit log, but the address may be invited again, to this team or another.
ALTER TABLE merchant_user ADD COLUMN active_email VARCHAR(254);
UPDATE merchant_user SET active_email = email WHERE removed_at IS NULL;
ALTER TABLE merchant_user DROP CONSTRAINT merchant_user_email_unique;
ALTER TABLE merchant_user ADD CONSTRAINT merchant_user_active_email_unique UNIQUE (active_email);
