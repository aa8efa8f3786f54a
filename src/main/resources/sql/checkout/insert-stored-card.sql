INSERT INTO stored_card (id, buyer_id, merchant_id, livemode, card_token, masked_card, card_type, name, created_at)
VALUES (:#cardId, :#buyerId, :#merchantId, :#livemode, :#cardToken, :#maskedCard, :#cardType, :#name, :#now)
