-- One payout, only if it is the merchant's and of the mode asked.
-- Read into PayoutView: the view's columns are named as its fields (merchant_id and livemode are not read).
SELECT *
FROM payout_view
WHERE id = :#payoutId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
