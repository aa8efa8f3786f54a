-- A reversal the provider refused: its part of the payment can be reversed again.
UPDATE payment
SET amount_reversed = amount_reversed - :#amount,
    updated_at = :#now
WHERE id = :#paymentId
