-- The payment a merchant asks to reverse (a ReversiblePayment), only if it is theirs and of the mode asked.
SELECT id, merchant_id, livemode, status, amount, fee, amount_reversed, currency, provider, channel
FROM payment
WHERE id = :#paymentId
  AND merchant_id = :#merchantId
  AND livemode = :#livemode
