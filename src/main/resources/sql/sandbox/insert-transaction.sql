INSERT INTO sandbox_transaction (id, provider, reference, msisdn, card_token, amount, currency, kind, created_at)
VALUES (:#id, :#provider, :#reference, :#msisdn, :#cardToken, :#amount, :#currency, :#kind, :#now)
