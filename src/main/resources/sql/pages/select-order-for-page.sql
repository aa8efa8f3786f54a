-- An order and its merchant as the payment page shows them, with the payment that completed it
-- if any (for the receipt): the PageOrder record.
SELECT o.id, o.order_id, o.amount, o.currency, o.payment_status, o.cancel_reason, o.expires_at, o.payment_token,
       o.livemode, o.header_colour, o.link_colour, o.button_colour, o.cancel_url, o.redirect_url, o.no_of_items,
       m.name AS merchant_name, m.vendor, p.reference AS payment_reference, p.provider AS payment_provider,
       p.updated_at AS paid_at
FROM checkout_order o
JOIN merchant m ON m.id = o.merchant_id
LEFT JOIN payment p ON p.id = o.completed_payment_id
WHERE o.id = :#id
