-- A new payout, from its Payout record: PENDING until its provider settles it.
INSERT INTO payout (id, merchant_id, livemode, amount, fee, currency, msisdn, provider, merchant_reference, description,
                    reference, status, created_at, updated_at)
VALUES (:#id, :#merchantId, :#livemode, :#amount, :#fee, :#currency, :#msisdn, :#provider, :#merchantReference,
        :#description, :#reference, 'PENDING', :#createdAt, :#createdAt)
