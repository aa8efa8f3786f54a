-- A card the payment page saved becomes usable once a payment with it has succeeded.
UPDATE stored_card
SET confirmed_at = :#now
WHERE confirmed_at IS NULL
  AND card_token = (SELECT p.card_token FROM payment p WHERE p.id = :#paymentId)
