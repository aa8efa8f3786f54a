-- A buyer's stored cards that a payment has confirmed, oldest first, as StoredCard records.
SELECT c.id, c.masked_card, c.card_type, c.name, c.card_token, c.expiry, c.created_at
FROM stored_card c
WHERE c.buyer_id = :#buyerId
  AND c.merchant_id = :#merchantId
  AND c.livemode = :#livemode
  AND c.confirmed_at IS NOT NULL
ORDER BY c.created_at, c.id
