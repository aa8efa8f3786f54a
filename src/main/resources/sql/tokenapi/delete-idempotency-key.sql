-- Forgets a key past its window, so a request repeating it is new again.
DELETE FROM idempotency_key
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
  AND created_at < :#olderThan
