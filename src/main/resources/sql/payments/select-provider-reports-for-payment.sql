-- What providers answered and reported about a payment and its reversals, oldest first. Read into
-- ProviderReport. The payment is the merchant's: the caller read it with select-payment-view.sql.
SELECT provider, event_key, payment_id AS subject_id, outcome, provider_ref, failure_code, failure_message,
       received_at
FROM provider_event
WHERE payment_id = :#paymentId
   OR payment_id IN (SELECT id FROM reversal WHERE payment_id = :#paymentId)
ORDER BY received_at
