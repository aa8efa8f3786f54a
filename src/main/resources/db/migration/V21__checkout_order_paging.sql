-- The dashboard pages a merchant's orders newest first by seq (keyset, never OFFSET), as the
-- payment, payout and delivery lists are paged.
CREATE INDEX checkout_order_paging ON checkout_order (merchant_id, livemode, seq);
