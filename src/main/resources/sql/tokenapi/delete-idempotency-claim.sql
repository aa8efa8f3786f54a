-- Releases the key of a request that failed on Malipo's side (5xx) before its work committed, or
-- that Malipo answered with a 5xx saying to retry, so the client's retry runs again.
DELETE FROM idempotency_key
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
  AND claim_token = :#claimToken
