-- The payout the merchant gave this reference, in the mode asked: how a repeated request for one
-- payout finds the payout it already made. Read into PayoutView.
SELECT *
FROM payout_view
WHERE reference = :#reference
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
