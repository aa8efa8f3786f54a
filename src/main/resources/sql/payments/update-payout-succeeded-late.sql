-- PaymentStatus: FAILED -> SUCCEEDED (Transition.LATE_SUCCESS).
-- A payout that had failed (and given its money back) which the provider now reports paid: the
-- money left after all. Its reference stays taken from here on.
UPDATE payout
SET status = 'SUCCEEDED',
    provider_ref = COALESCE(provider_ref, :#providerRef),
    failure_code = NULL,
    failure_message = NULL,
    next_check_at = NULL,
    updated_at = :#now
WHERE id = :#id
  AND status = 'FAILED'
