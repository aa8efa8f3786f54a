-- A new endpoint, only while the merchant has fewer than :#max in this mode (the update count is
-- 0 otherwise). Two creates at the same instant may both pass: the limit stops runaway scripts,
-- it is not an invariant anything depends on.
INSERT INTO webhook_endpoint (id, merchant_id, livemode, url, events, secret_sealed, description, enabled,
                              created_at, updated_at)
SELECT :#id, :#merchantId, :#livemode, :#url, :#events, :#secretSealed, :#description, :#enabled, :#now, :#now
WHERE (SELECT COUNT(*) FROM webhook_endpoint WHERE merchant_id = :#merchantId AND livemode = :#livemode) < :#max
