INSERT INTO sandbox_card (token, card_number, created_at)
VALUES (:#token, :#cardNumber, :#now)
