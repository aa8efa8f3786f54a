-- :count payments of merchant :'merchant' in test mode, spread over the last 400 days as a busy
-- shop's would be: a fifth through checkout orders (transid T-i, order ORD-i), the rest token-API
-- collections (reference INV-i); mostly M-Pesa, some Airtel, Mixx and cards; 90 % succeeded, 8 %
-- failed, 2 % still pending; payers from a pool of 200,000 numbers. Plus :others payments of
-- another merchant, so that scoping is part of every plan. For bench/dashboard.sh.
INSERT INTO merchant (id, vendor, name, email, status, created_at)
VALUES (CAST(:'other' AS UUID), 'MLPBENCHOTHER', 'Other Shop', 'other@example.co.tz', 'VERIFIED', now());

INSERT INTO checkout_order (id, merchant_id, livemode, order_id, amount, currency, buyer_email, buyer_name,
                            buyer_phone, payment_methods, no_of_items, expires_at, payment_status, payment_token,
                            request_hash, create_response, created_at, updated_at)
SELECT md5('order' || i)::uuid, CAST(:'merchant' AS UUID), false, 'ORD-' || i, 1000 + (i * 37) % 90000, 'TZS',
       'buyer' || i || '@example.co.tz', 'Buyer ' || i, '0754' || lpad((i % 1000000)::text, 6, '0'), 'ALL', 1,
       now() - (i * interval '400 days' / :count) + interval '1 hour',
       CASE WHEN i % 50 = 0 THEN 'CANCELLED' ELSE 'COMPLETED' END, lpad(i::text, 12, '0'), md5('h' || i), '{}',
       now() - (i * interval '400 days' / :count), now() - (i * interval '400 days' / :count)
FROM generate_series(5, :count, 5) AS i;

-- Rows go in oldest first, as a live system writes them, so seq grows with created_at and the
-- two merchants' payments interleave.
INSERT INTO payment (id, merchant_id, livemode, checkout_order, kind, channel, provider, amount, fee, currency,
                     msisdn, transid, merchant_reference, reference, provider_ref, status, failure_code,
                     failure_message, created_at, updated_at)
SELECT id, merchant_id, false, checkout_order, 'COLLECTION', channel, provider, amount, fee, 'TZS', msisdn, transid,
       merchant_reference, reference, provider_ref, status, failure_code, failure_message, created_at, created_at
FROM (
    SELECT md5('payment' || i)::uuid AS id, CAST(:'merchant' AS UUID) AS merchant_id,
           CASE WHEN i % 5 = 0 THEN md5('order' || i)::uuid END AS checkout_order,
           CASE WHEN i % 10 = 3 THEN 'CARD' ELSE 'WALLET_PULL' END AS channel,
           CASE WHEN i % 10 = 3 THEN 'card-sandbox' WHEN i % 10 IN (1, 7) THEN 'airtel-tz'
                WHEN i % 10 = 9 THEN 'mixx-tz' ELSE 'mpesa-tz' END AS provider,
           1000 + (i * 37) % 90000 AS amount, 15 + ((i * 37) % 90000) / 100 AS fee,
           CASE WHEN i % 10 = 3 THEN NULL
                ELSE '2557' || lpad(((CAST(i AS BIGINT) * 7919) % 200000)::text, 8, '0') END AS msisdn,
           CASE WHEN i % 5 = 0 THEN 'T-' || i END AS transid,
           CASE WHEN i % 5 <> 0 THEN 'INV-' || i END AS merchant_reference,
           'MLP' || lpad(i::text, 16, '0') AS reference, 'PR' || upper(substr(md5('p' || i), 1, 12)) AS provider_ref,
           CASE WHEN i % 50 = 7 THEN 'PENDING' WHEN i % 25 IN (1, 2) OR i % 50 = 3 THEN 'FAILED'
                ELSE 'SUCCEEDED' END AS status,
           CASE WHEN i % 25 IN (1, 2) OR i % 50 = 3 THEN 'payer_declined' END AS failure_code,
           CASE WHEN i % 25 IN (1, 2) OR i % 50 = 3 THEN 'The payer declined the payment.' END AS failure_message,
           now() - (i * interval '400 days' / :count) AS created_at
    FROM generate_series(1, :count) AS i
    UNION ALL
    SELECT md5('other' || i)::uuid, CAST(:'other' AS UUID), NULL, 'WALLET_PULL', 'mpesa-tz', 5000, 75,
           '255754000000', NULL, 'INV-' || i, 'MLQ' || lpad(i::text, 16, '0'), NULL, 'SUCCEEDED', NULL, NULL,
           now() - (i * interval '400 days' / :others)
    FROM generate_series(1, :others) AS i
) AS made
ORDER BY created_at;
ANALYZE;
