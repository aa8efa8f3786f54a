SELECT id, buyer_userid
FROM buyer
WHERE id = :#buyerId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
