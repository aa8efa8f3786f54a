-- What a payment's page in the dashboard shows of each provider report: the provider's own
-- reference, code and description as the report carried them (rows from before stay NULL), found
-- by the payment, payout or reversal they are about.
ALTER TABLE provider_event ADD COLUMN provider_ref VARCHAR(64);
ALTER TABLE provider_event ADD COLUMN failure_code VARCHAR(32);
ALTER TABLE provider_event ADD COLUMN failure_message VARCHAR(300);
CREATE INDEX provider_event_payment ON provider_event (payment_id);

-- A reversal asked for from a form carries the key the form was rendered with: a form sent twice
-- (a double click, a reload, two instances answering) finds its key taken and reverses nothing
-- more. NULLs, the reversals of the token API and Malipo's own, never collide.
ALTER TABLE reversal ADD COLUMN merchant_reference VARCHAR(64);
ALTER TABLE reversal ADD CONSTRAINT reversal_merchant_reference_unique
    UNIQUE (merchant_id, livemode, merchant_reference);
