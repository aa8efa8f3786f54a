-- PaymentStatus: FAILED -> SUCCEEDED (Transition.LATE_SUCCESS).
-- A reversal that had failed (and given its money back) which the provider now reports done: the
-- money went back to the payer after all.
UPDATE reversal
SET status = 'SUCCEEDED',
    provider_ref = COALESCE(provider_ref, :#providerRef),
    failure_code = NULL,
    failure_message = NULL,
    next_check_at = NULL,
    updated_at = :#now
WHERE id = :#id
  AND status = 'FAILED'
