-- Settling a reversal locks its payment first (as creating one does), so reversals of one
-- payment settle one after the other and the last sees the others' outcome.
SELECT id, merchant_id, livemode, status, amount, fee, amount_reversed, currency, provider, channel
FROM payment
WHERE id = :#paymentId
FOR UPDATE
