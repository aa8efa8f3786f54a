-- A payout as the token API shows it (the PayoutView record's fields), with the merchant and mode
-- it is found by. One definition for the single read, the read by the merchant's reference and
-- the pages.
CREATE VIEW payout_view AS
SELECT id, merchant_id, livemode, seq, status, amount, fee, currency, msisdn, provider,
       merchant_reference AS reference, description, reference AS gateway_reference,
       provider_ref AS provider_reference, failure_code, failure_message, created_at, updated_at
FROM payout;
