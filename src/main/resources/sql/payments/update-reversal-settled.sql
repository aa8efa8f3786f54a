-- PaymentStatus: PENDING -> SUCCEEDED | FAILED.
-- Compare-and-set: only a reversal still in flight settles.
UPDATE reversal
SET status = :#status,
    provider_ref = COALESCE(provider_ref, :#providerRef),
    failure_code = :#failureCode,
    failure_message = :#failureMessage,
    next_check_at = NULL,
    updated_at = :#now
WHERE id = :#id
  AND status = 'PENDING'
