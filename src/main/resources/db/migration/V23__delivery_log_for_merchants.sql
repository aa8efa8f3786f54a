-- A webhook endpoint's deliveries, newest first: the delivery log of one endpoint in the dashboard.
CREATE INDEX delivery_webhook_endpoint ON delivery (webhook_endpoint_id, seq);
