SELECT id
FROM buyer
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND buyer_userid = :#buyerUserid
