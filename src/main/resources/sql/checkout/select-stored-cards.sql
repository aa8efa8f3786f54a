-- A buyer's stored cards, oldest first, as StoredCard records.
SELECT c.id, c.masked_card, c.card_type, c.name, c.card_token, c.created_at
FROM stored_card c
WHERE c.buyer_id = :#buyerId
  AND c.merchant_id = :#merchantId
  AND c.livemode = :#livemode
ORDER BY c.created_at, c.id
