-- A claim whose request stopped (its instance died) before committing anything, and that has
-- had no answer for longer than any request runs, passes to the repeat that finds it.
UPDATE idempotency_key
SET claim_token = :#claimToken,
    created_at = :#now
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND idem_key = :#key
  AND claim_token = :#staleToken
  AND committed_at IS NULL
  AND response_status IS NULL
  AND created_at < :#staleBefore
