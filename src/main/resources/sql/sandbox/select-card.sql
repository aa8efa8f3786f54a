SELECT card_number
FROM sandbox_card
WHERE token = :#token
