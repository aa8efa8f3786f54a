-- PaymentStatus: SUCCEEDED -> REVERSED.
-- A payment is REVERSED once all of it has been sent back and no reversal of it is in flight.
UPDATE payment
SET status = 'REVERSED',
    updated_at = :#now
WHERE id = :#paymentId
  AND status = 'SUCCEEDED'
  AND amount_reversed = amount
  AND NOT EXISTS (SELECT 1 FROM reversal r WHERE r.payment_id = :#paymentId AND r.status = 'PENDING')
