-- What the payment page shows of a stored card besides its masked number: its expiry (MM/YY).
-- A card the buyer asks the page to save is kept unconfirmed until a payment with it succeeds,
-- so a card the issuer declines is never offered again; cards stored before are confirmed.
ALTER TABLE stored_card ADD COLUMN expiry VARCHAR(5);
ALTER TABLE stored_card ADD COLUMN confirmed_at TIMESTAMP WITH TIME ZONE;
UPDATE stored_card SET confirmed_at = created_at;
