UPDATE payment
SET provider_ref = :#providerRef, updated_at = :#now
WHERE id = :#paymentId
  AND provider_ref IS NULL
