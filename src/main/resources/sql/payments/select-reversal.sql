-- A reversal as the Reversal record holds it, with its payment's payer and references.
SELECT r.id, r.merchant_id, r.livemode, r.payment_id, r.amount, r.fee_refunded, r.currency, r.provider, r.reason,
       r.automatic, r.merchant_reference, r.reference, r.provider_ref, r.status, r.failure_code, r.sent_at,
       r.created_at, p.msisdn, p.card_token, p.reference AS payment_reference, p.provider_ref AS payment_provider_ref,
       p.amount AS payment_amount
FROM reversal r
JOIN payment p ON p.id = r.payment_id
WHERE r.id = :#id
