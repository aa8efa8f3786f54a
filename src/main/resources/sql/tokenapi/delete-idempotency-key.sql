-- Releases a key whose request failed on Malipo's side (5xx), or that is past its window, so the
-- client's retry runs again.
DELETE FROM idempotency_key
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
  AND created_at < :#olderThan
