-- The host a delivery goes to, so the dispatcher can leave alone the rows of a host that already
-- has as many attempts running as it may, instead of claiming and handing them back. Rows queued
-- before this column keep NULL and are claimed as before.
ALTER TABLE delivery ADD COLUMN target_host VARCHAR(255);
