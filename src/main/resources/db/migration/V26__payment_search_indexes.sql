-- The dashboard's payments list walks a merchant's payments newest first, within dates; its
-- search looks up the checkout transid and the provider's reference (the merchant's reference,
-- Malipo's and the order id have theirs already). Without these a merchant with a million payments
-- waits seconds for a search.
CREATE INDEX payment_created ON payment (merchant_id, livemode, created_at, seq);
CREATE INDEX payment_transid ON payment (merchant_id, livemode, transid);
CREATE INDEX payment_provider_ref ON payment (provider_ref);
CREATE INDEX payment_status_created ON payment (merchant_id, livemode, status, created_at, seq);
