-- A stored card that card-payment may charge: the buyer's own, confirmed by a payment that succeeded.
SELECT c.id, c.card_token, b.buyer_userid
FROM stored_card c
JOIN buyer b ON b.id = c.buyer_id
WHERE c.card_token = :#cardToken
  AND c.buyer_id = :#buyerId
  AND c.merchant_id = :#merchantId
  AND c.livemode = :#livemode
  AND c.confirmed_at IS NOT NULL
