INSERT INTO reversal (id, merchant_id, livemode, payment_id, amount, fee_refunded, currency, provider, reason, automatic,
                      reference, status, created_at, updated_at)
VALUES (:#id, :#merchantId, :#livemode, :#paymentId, :#amount, :#feeRefunded, :#currency, :#provider, :#reason,
        :#automatic, :#reference, 'PENDING', :#now, :#now)
