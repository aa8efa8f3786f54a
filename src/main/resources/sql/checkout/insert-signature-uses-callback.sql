-- PostgreSQL only: binds a batch of Malipo's own callback signatures at once (SignatureUses), the
-- callbacks being signed at the same moment on several threads. :#uses is a JSON array of
-- {"credential_id", "signature"}. A signature already bound keeps its operation.
INSERT INTO signature_use (credential_id, signature, operation, created_at)
SELECT use.credential_id, use.signature, 'CALLBACK', :#now
FROM jsonb_to_recordset(CAST(:#uses AS jsonb)) AS use(credential_id uuid, signature text)
ON CONFLICT DO NOTHING
