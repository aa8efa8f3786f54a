-- The first report of a payer's own payment (by an order's payment token) stores it, in flight
-- until the report settles it a moment later in the same transaction; a later report of the
-- same provider transaction finds it stored and inserts nothing.
INSERT INTO payment (id, merchant_id, livemode, checkout_order, kind, channel, provider, amount, currency, msisdn,
                     transid, reference, provider_ref, status, created_at, updated_at)
VALUES (:#id, :#merchantId, :#livemode, :#orderUuid, 'COLLECTION', 'MANUAL', :#provider, :#amount, :#currency,
        :#msisdn, :#transid, :#reference, :#providerRef, 'PENDING', :#now, :#now)
ON CONFLICT DO NOTHING
