-- A payment Malipo itself sends back (it arrived for an order that could no longer take it).
SELECT id, merchant_id, livemode, status, amount, fee, amount_reversed, currency, provider, channel
FROM payment
WHERE id = :#paymentId
