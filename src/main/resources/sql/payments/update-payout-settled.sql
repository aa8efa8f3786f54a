-- PaymentStatus: PENDING -> SUCCEEDED | FAILED.
-- Compare-and-set: only a payout still in flight settles. One that never left (released) gives
-- the merchant's reference back for a retry.
UPDATE payout
SET status = :#status,
    provider_ref = COALESCE(provider_ref, :#providerRef),
    failure_code = :#failureCode,
    failure_message = :#failureMessage,
    merchant_reference = CASE WHEN :#released THEN NULL ELSE merchant_reference END,
    next_check_at = NULL,
    updated_at = :#now
WHERE id = :#id
  AND status = 'PENDING'
