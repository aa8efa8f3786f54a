-- A page of a merchant's payments in one mode, newest first, below a position (keyset paging on
-- seq: the index payment_listing serves the first page and the ten-thousandth alike).
-- Read into PaymentView: the view's columns are named as its fields (merchant_id and livemode are not read).
SELECT *
FROM payment_view
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND seq < :#beforeSeq
ORDER BY seq DESC
LIMIT :#limit
