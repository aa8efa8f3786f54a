-- OrderStatus: PENDING -> USERCANCELLED (BUYER), the buyer's cancel on the payment page.
-- As for the merchant's cancel, only a PENDING order whose time is not up; the count says whether it was.
UPDATE checkout_order
SET payment_status = 'USERCANCELLED', cancel_reason = 'BUYER', updated_at = :#now
WHERE merchant_id = :#merchantId
  AND livemode = :#livemode
  AND order_id = :#orderId
  AND payment_status = 'PENDING'
  AND expires_at > :#now
