-- The attempt in flight failed: the buyer may try again, unless that was the last attempt
-- (REJECTED) or the order's time ran out meanwhile (CANCELLED, EXPIRED). An attempt that never
-- reached the payer (the provider was unavailable) does not count.
UPDATE checkout_order
SET payment_status = CASE WHEN attempts - :#uncounted >= :#maxAttempts THEN 'REJECTED'
                          WHEN expires_at <= :#now THEN 'CANCELLED'
                          ELSE 'PENDING' END,
    cancel_reason = CASE WHEN attempts - :#uncounted < :#maxAttempts AND expires_at <= :#now THEN 'EXPIRED'
                         ELSE cancel_reason END,
    attempts = attempts - :#uncounted,
    updated_at = :#now
WHERE id = :#orderUuid
  AND payment_status = 'INPROGRESS'
