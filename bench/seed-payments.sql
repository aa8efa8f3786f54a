-- :count succeeded payments of merchant :'merchant', written straight to the table as settlement
-- leaves them (for bench/tokenapi.sh payments-pages).
INSERT INTO payment (id, merchant_id, livemode, kind, channel, provider, amount, fee, currency, msisdn,
                     merchant_reference, reference, status, created_at, updated_at)
SELECT gen_random_uuid(), CAST(:'merchant' AS UUID), false, 'COLLECTION', 'WALLET_PULL', 'mpesa-tz', 1000 + i % 5000,
       15, 'TZS', '255754000000', 'R-' || i, 'MLP' || lpad(i::text, 16, '0'), 'SUCCEEDED', now(), now()
FROM generate_series(1, :count) AS i;
ANALYZE payment;
