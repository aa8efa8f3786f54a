SELECT COUNT(*)
FROM provider_notification
WHERE provider = :#provider
  AND body_hash = :#bodyHash
