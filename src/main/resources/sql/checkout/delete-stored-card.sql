DELETE FROM stored_card
WHERE id = :#cardId
  AND buyer_id = :#buyerId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
