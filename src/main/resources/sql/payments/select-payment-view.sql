-- One payment, only if it is the merchant's and of the mode asked: another merchant's id finds nothing.
-- Read into PaymentView: the view's columns are named as its fields (merchant_id and livemode are not read).
SELECT *
FROM payment_view
WHERE id = :#paymentId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
