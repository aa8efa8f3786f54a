-- Reserves part of a succeeded payment for a reversal, never beyond what was collected: the
-- bound holds in the statement itself, so concurrent reversals cannot exceed it together.
-- Its parameters are the new Reversal record's.
UPDATE payment
SET amount_reversed = amount_reversed + :#amount,
    updated_at = :#createdAt
WHERE id = :#paymentId
  AND status = 'SUCCEEDED'
  AND amount_reversed + :#amount <= amount
