-- A new endpoint, only while the merchant has fewer than :#max in this mode (the update count is
-- 0 otherwise). Run with the merchant's row locked (lock-merchant.sql), so the count is current.
INSERT INTO webhook_endpoint (id, merchant_id, livemode, url, events, secret_sealed, description, enabled,
                              created_at, updated_at)
SELECT :#id, :#merchantId, :#livemode, :#url, :#events, :#secretSealed, :#description, :#enabled, :#now, :#now
WHERE (SELECT COUNT(*) FROM webhook_endpoint WHERE merchant_id = :#merchantId AND livemode = :#livemode) < :#max
