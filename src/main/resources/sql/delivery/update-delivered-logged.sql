-- DeliveryStatus: DELIVERING -> DELIVERED, and the attempt's entry in the delivery log, in one
-- statement (PostgreSQL only; H2 runs update-delivered.sql and insert-attempt.sql in one
-- transaction). The entry is written whether or not the claim still held: the attempt was made.
WITH delivered AS (
    UPDATE delivery
    SET status = 'DELIVERED', last_status = :#statusCode, last_error = NULL, delivered_at = :#now,
        claimed_by = NULL, claimed_until = NULL
    WHERE id = :#id
      AND claimed_by = :#instance
    RETURNING id
)
INSERT INTO delivery_attempt (id, delivery_id, attempt, attempted_at, duration_ms, status_code, error, answer,
                              instance)
VALUES (:#attemptId, :#id, :#attempt, :#attemptedAt, :#durationMs, :#statusCode, :#error, :#answer, :#instance)
