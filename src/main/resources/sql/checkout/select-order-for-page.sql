-- An order and its merchant as the payment page shows them: the PageOrder record.
SELECT o.id, o.order_id, o.amount, o.currency, o.payment_status, o.cancel_reason, o.expires_at, o.payment_token,
       o.livemode, o.header_colour, o.button_colour, o.cancel_url, o.redirect_url, o.no_of_items,
       m.name AS merchant_name, m.vendor
FROM checkout_order o
JOIN merchant m ON m.id = o.merchant_id
WHERE o.id = :#id
