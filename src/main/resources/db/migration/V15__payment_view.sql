-- A payment as the token API shows it (the PaymentView record's fields), with the merchant, mode
-- and seq it is found and paged by. One definition for the single read and the pages.
CREATE VIEW payment_view AS
SELECT p.id, p.merchant_id, p.livemode, p.seq, p.status, p.amount, p.fee, p.currency, p.channel, p.provider,
       p.msisdn, COALESCE(p.merchant_reference, p.transid) AS reference, p.reference AS gateway_reference,
       p.provider_ref AS provider_reference, o.order_id, p.description, p.failure_code, p.failure_message,
       p.amount_reversed, p.created_at, p.updated_at
FROM payment p
LEFT JOIN checkout_order o ON o.id = p.checkout_order;
