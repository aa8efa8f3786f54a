-- PaymentStatus: FAILED -> SUCCEEDED (Transition.LATE_SUCCESS).
-- A payment that had failed (declined, or given up on by Malipo) which the provider now reports
-- succeeded: the payer was charged after all, so it is recorded as the success it was. What
-- happens to the money (the order it paid, or an automatic reversal) is decided by settlement.
UPDATE payment
SET status = 'SUCCEEDED',
    fee = :#fee,
    provider_ref = COALESCE(provider_ref, :#providerRef),
    failure_code = NULL,
    failure_message = NULL,
    next_check_at = NULL,
    updated_at = :#now
WHERE id = :#paymentId
  AND status = 'FAILED'
