-- The payments made for one checkout order of a merchant, in one mode, oldest first: the order's
-- attempts. Read into PaymentView. order_id is the merchant's, unique per merchant and mode.
SELECT *
FROM payment_view
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND order_id = :#orderId
ORDER BY seq
