-- A reversal carried out after it had failed counts against its payment again. What was sent
-- back can exceed what was collected when another reversal took the freed part meanwhile; the
-- count stops at the amount and settlement flags the excess for review.
UPDATE payment
SET amount_reversed = LEAST(amount, amount_reversed + :#amount),
    updated_at = :#now
WHERE id = :#paymentId
