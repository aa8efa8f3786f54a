-- OrderStatus: INPROGRESS -> PENDING | REJECTED | CANCELLED.
-- The attempt in flight failed: the buyer may try again, unless that was the last attempt
-- (REJECTED) or the order's time ran out meanwhile (CANCELLED, EXPIRED). An attempt that never
-- reached the payer (the provider was unavailable) does not count. Only a payment that claimed
-- the order releases it: a payer's own payment with the payment token (channel MANUAL) never
-- did, and its failure says nothing about the wallet push or card charge that may be in flight.
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
  AND EXISTS (SELECT 1 FROM payment p
              WHERE p.id = :#paymentId AND p.checkout_order = :#orderUuid AND p.channel <> 'MANUAL')
