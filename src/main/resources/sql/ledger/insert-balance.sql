-- The merchant's balance in this currency and mode, created at zero on first use.
INSERT INTO balance (merchant_id, livemode, currency, available)
VALUES (:#merchantId, :#livemode, :#currency, 0)
ON CONFLICT DO NOTHING
