SELECT id, status, provider
FROM payment
WHERE checkout_order = :#orderUuid
  AND transid = :#transid
