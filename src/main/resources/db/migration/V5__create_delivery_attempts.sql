-- One row per attempt to deliver (each after Camel's own quick retries), for operations to read.
CREATE TABLE delivery_attempt (
    id           UUID          PRIMARY KEY,
    delivery_id  UUID          NOT NULL REFERENCES delivery (id),
    attempt      INTEGER       NOT NULL,
    attempted_at TIMESTAMP WITH TIME ZONE NOT NULL,
    duration_ms  INTEGER       NOT NULL,
    status_code  INTEGER,
    error        VARCHAR(500),
    instance     VARCHAR(64)   NOT NULL
);
CREATE INDEX delivery_attempt_delivery ON delivery_attempt (delivery_id, attempt);
