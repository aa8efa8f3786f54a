SELECT id, merchant_id, livemode, kind, credential_id, webhook_endpoint_id, event_id, target_url, payload,
       source_type, source_id, attempts
FROM delivery
WHERE id IN (:#in:ids)
