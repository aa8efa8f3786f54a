-- What a merchant's receiver last answered (its first characters), so the dashboard's delivery log
-- shows why an event was refused. Rows sent before this column keep NULL.
ALTER TABLE delivery ADD COLUMN last_answer VARCHAR(500);
-- A webhook endpoint's deliveries, newest first: the delivery log of one endpoint in the dashboard.
CREATE INDEX delivery_webhook_endpoint ON delivery (webhook_endpoint_id, seq);
