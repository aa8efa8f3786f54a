-- A buyer's card (the NewStoredCard record): confirmedAt null until a payment with it succeeds.
INSERT INTO stored_card (id, buyer_id, merchant_id, livemode, card_token, masked_card, card_type, name, expiry,
                         created_at, confirmed_at)
VALUES (:#id, :#buyerId, :#merchantId, :#livemode, :#cardToken, :#maskedCard, :#cardType, :#name, :#expiry,
        :#createdAt, :#confirmedAt)
