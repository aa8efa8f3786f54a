-- When a key last got a token; written at most once a minute per key, so a busy key costs little.
UPDATE api_key
SET last_used_at = :#now
WHERE id = :#apiKeyId
  AND (last_used_at IS NULL OR last_used_at < :#notBefore)
