-- An order and its merchant as the payment page shows them (the PageOrder record), with the
-- payment that completed it (for the receipt) and the latest attempt (to say why it failed, to
-- offer its number again, and to space pushes to the payer's phone).
SELECT o.id, o.merchant_id, o.order_id, o.amount, o.currency, o.payment_status, o.cancel_reason, o.expires_at,
       o.payment_token, o.payment_methods, o.buyer_phone, o.livemode, o.header_colour, o.link_colour,
       o.button_colour, o.cancel_url, o.redirect_url, o.no_of_items, m.name AS merchant_name, m.vendor,
       p.reference AS payment_reference, p.provider AS payment_provider, p.updated_at AS paid_at,
       (SELECT l.failure_code FROM payment l WHERE l.checkout_order = o.id ORDER BY l.created_at DESC LIMIT 1)
           AS last_failure_code,
       (SELECT l.channel FROM payment l WHERE l.checkout_order = o.id ORDER BY l.created_at DESC LIMIT 1)
           AS last_channel,
       (SELECT l.msisdn FROM payment l WHERE l.checkout_order = o.id ORDER BY l.created_at DESC LIMIT 1)
           AS last_msisdn,
       (SELECT max(l.created_at) FROM payment l WHERE l.checkout_order = o.id) AS last_attempt_at,
       o.buyer_id
FROM checkout_order o
JOIN merchant m ON m.id = o.merchant_id
LEFT JOIN payment p ON p.id = o.completed_payment_id
WHERE o.id = :#id
