SELECT id, merchant_id, livemode, amount, currency, payment_status
FROM checkout_order
WHERE payment_token = :#paymentToken
  AND livemode = :#livemode
