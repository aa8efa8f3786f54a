UPDATE balance
SET available = available + :#net
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND currency = :#currency
