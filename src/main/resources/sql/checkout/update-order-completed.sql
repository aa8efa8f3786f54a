-- OrderStatus: INPROGRESS | PENDING -> COMPLETED.
-- Completed by a payment of the order's amount: the attempt in flight, or a payment the payer
-- made on their own while the order could still be paid.
UPDATE checkout_order
SET payment_status = 'COMPLETED', completed_payment_id = :#paymentId, updated_at = :#now
WHERE id = :#orderUuid
  AND amount = :#amount
  AND currency = :#currency
  AND (payment_status = 'INPROGRESS' OR (payment_status = 'PENDING' AND expires_at > :#now))
