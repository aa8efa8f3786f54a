-- A payment's order and status checks (a PaymentProgress), only if it is the merchant's and of
-- the mode asked.
SELECT checkout_order, checks, next_check_at
FROM payment
WHERE id = :#paymentId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
