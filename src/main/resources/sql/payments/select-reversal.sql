-- A reversal with what sending, settling and compensating it need: the payment's payer and refs.
SELECT r.id, r.merchant_id, r.livemode, r.amount, r.fee_refunded, r.currency, r.provider, r.reference, r.provider_ref,
       r.status, r.sent_at, r.created_at, r.payment_id, p.msisdn, p.card_token, p.reference AS payment_reference,
       p.provider_ref AS payment_provider_ref
FROM reversal r
JOIN payment p ON p.id = r.payment_id
WHERE r.id = :#id
