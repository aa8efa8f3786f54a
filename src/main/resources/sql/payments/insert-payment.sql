INSERT INTO payment (id, merchant_id, livemode, checkout_order, kind, channel, provider, amount, currency, msisdn,
                     card_token, transid, merchant_reference, description, reference, provider_ref, status,
                     next_check_at, created_at, updated_at)
VALUES (:#id, :#merchantId, :#livemode, :#orderUuid, 'COLLECTION', :#channel, :#provider, :#amount, :#currency,
        :#msisdn, :#cardToken, :#transid, :#merchantReference, :#description, :#reference, :#providerRef, :#status,
        :#nextCheckAt, :#now, :#now)
