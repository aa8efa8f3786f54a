-- PaymentStatus: PENDING -> SUCCEEDED | FAILED.
-- Compare-and-set: only a payment still in flight settles (the caller holds its row lock, and
-- decides by sql/payments/select-payment-for-settlement.sql what a report does).
-- A payment that never left (released: the provider could not be reached) gives back the
-- merchant's transid or reference, so retrying the same request is a new attempt.
UPDATE payment
SET status = :#status,
    fee = :#fee,
    provider_ref = COALESCE(provider_ref, :#providerRef),
    failure_code = :#failureCode,
    failure_message = :#failureMessage,
    transid = CASE WHEN :#released THEN NULL ELSE transid END,
    merchant_reference = CASE WHEN :#released THEN NULL ELSE merchant_reference END,
    next_check_at = NULL,
    updated_at = :#now
WHERE id = :#paymentId
  AND status = 'PENDING'
