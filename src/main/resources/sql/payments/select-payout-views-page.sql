-- A page of a merchant's payouts in one mode, newest first, below a position (keyset on seq).
-- Read into PayoutView: the view's columns are named as its fields.
SELECT *
FROM payout_view
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND seq < :#beforeSeq
ORDER BY seq DESC
LIMIT :#limit
