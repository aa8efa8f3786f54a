-- Bodies of provider notifications already handled, by their SHA-256: providers repeat a
-- notification until they like the answer, and a repeat must cost nothing and change nothing.
CREATE TABLE provider_notification (
    provider    TEXT        NOT NULL,
    body_hash   TEXT        NOT NULL,
    received_at TIMESTAMP WITH TIME ZONE NOT NULL,
    PRIMARY KEY (provider, body_hash)
);
CREATE INDEX provider_notification_received ON provider_notification (received_at);
