-- One line of a posting; the lines of a posting sum to zero across accounts.
INSERT INTO ledger_entry (id, posting_id, merchant_id, livemode, currency, account, amount, source_type, source_id,
                          created_at)
VALUES (:#id, :#postingId, :#merchantId, :#livemode, :#currency, :#account, :#amount, :#sourceType, :#sourceId, :#now)
