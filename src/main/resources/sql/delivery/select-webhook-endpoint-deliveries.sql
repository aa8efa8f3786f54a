-- A page of one webhook endpoint's deliveries, newest first, below a position, as WebhookDelivery
-- records (the EndpointDeliveries query): the endpoint's delivery log in the dashboard, with the
-- start of what the receiver answered to the last attempt.
SELECT d.id, d.event_id, d.payload, d.status, d.attempts, d.last_status, d.last_error,
       (SELECT a.answer FROM delivery_attempt a WHERE a.delivery_id = d.id
        ORDER BY a.attempt DESC LIMIT 1) AS last_answer,
       (SELECT MAX(a.attempted_at) FROM delivery_attempt a WHERE a.delivery_id = d.id) AS last_attempt_at,
       d.next_attempt_at, d.created_at, d.delivered_at, d.seq
FROM delivery d
WHERE d.webhook_endpoint_id = :#endpointId
  AND d.merchant_id = :#merchantId
  AND d.livemode = :#livemode
  AND d.seq < :#beforeSeq
ORDER BY d.seq DESC
LIMIT :#limit
