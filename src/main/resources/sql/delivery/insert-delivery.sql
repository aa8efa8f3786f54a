INSERT INTO delivery (id, merchant_id, livemode, kind, credential_id, webhook_endpoint_id, event_id, target_url,
                      target_host, payload, source_type, source_id, status, attempts, next_attempt_at, created_at)
VALUES (:#id, :#merchantId, :#livemode, :#kind, :#credentialId, :#webhookEndpointId, :#eventId, :#targetUrl,
        :#targetHost, :#payload, :#sourceType, :#sourceId, 'PENDING', 0, :#now, :#now)
