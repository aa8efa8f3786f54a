-- A succeeded collection: the provider owes the amount, of which the merchant gets all but the fee.
INSERT INTO ledger_entry (id, posting_id, merchant_id, livemode, currency, account, amount, source_type, source_id,
                          created_at)
VALUES (:#providerEntryId, :#postingId, :#merchantId, :#livemode, :#currency, :#providerAccount, :#negativeAmount,
        'PAYMENT', :#paymentId, :#now),
       (:#merchantEntryId, :#postingId, :#merchantId, :#livemode, :#currency, 'merchant', :#net,
        'PAYMENT', :#paymentId, :#now),
       (:#feeEntryId, :#postingId, :#merchantId, :#livemode, :#currency, 'fees', :#fee,
        'PAYMENT', :#paymentId, :#now)
