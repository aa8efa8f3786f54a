-- The start of what a receiver answered (or nothing, when it never answered), so a merchant sees
-- why a delivery was refused without reading their own server's logs; and the deliveries of one
-- payment, payout or reversal found without reading the whole outbox.
ALTER TABLE delivery_attempt ADD COLUMN answer VARCHAR(200);
CREATE INDEX delivery_source ON delivery (source_type, source_id);
