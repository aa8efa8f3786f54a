-- A new reversal, from its Reversal record: PENDING until its provider settles it.
INSERT INTO reversal (id, merchant_id, livemode, payment_id, amount, fee_refunded, currency, provider, reason, automatic,
                      merchant_reference, reference, status, created_at, updated_at)
VALUES (:#id, :#merchantId, :#livemode, :#paymentId, :#amount, :#feeRefunded, :#currency, :#provider,
        :#reason, :#automatic, :#merchantReference, :#reference, 'PENDING', :#createdAt, :#createdAt)
