-- Recorded once handled: a repeat arriving while the first is being handled is handled too,
-- which settlement makes harmless; one recorded before could be lost if handling failed.
INSERT INTO provider_notification (provider, body_hash, received_at)
VALUES (:#provider, :#bodyHash, :#now)
ON CONFLICT DO NOTHING
