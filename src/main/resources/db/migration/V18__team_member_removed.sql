-- A member an Owner removed from the team: kept for the audit log, never signed in again.
ALTER TABLE merchant_user ADD COLUMN removed_at TIMESTAMP WITH TIME ZONE;
