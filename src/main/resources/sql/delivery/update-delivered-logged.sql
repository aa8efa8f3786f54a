-- DeliveryStatus: DELIVERING -> DELIVERED for a group of attempts that ended at the same moment
-- on several threads, and each attempt's entry in the delivery log, in one statement (PostgreSQL
-- only; H2 runs update-delivered.sql and insert-attempt.sql for each, in one transaction).
-- :#outcomes is a JSON array of the attempts as Dispatcher keeps them: {"id", "attemptId",
-- "attempt", "attemptedAt", "durationMs", "statusCode", "answer", ...}, the names quoted below.
-- An entry is written whether or not the claim still held: the attempt was made. next_attempt_at
-- goes back from when the claim would lapse to when the row finished, as in update-delivered.sql.
-- The rows are found by their ids through the primary key (id = ANY of the outcomes' ids): joined
-- to the JSON alone, which PostgreSQL takes for a hundred rows, the update read the whole table
-- on every group, a cost that grew with every callback ever sent (DeliveryClaimPlanIT).
WITH outcome AS (
    SELECT *
    FROM jsonb_to_recordset(CAST(:#outcomes AS jsonb))
        AS o(id uuid, "attemptId" uuid, attempt integer, "attemptedAt" timestamptz, "durationMs" integer,
             "statusCode" integer, answer text)
), delivered AS (
    UPDATE delivery d
    SET status = 'DELIVERED', last_status = outcome."statusCode", last_error = NULL,
        delivered_at = outcome."attemptedAt", next_attempt_at = outcome."attemptedAt", claimed_by = NULL,
        claimed_until = NULL
    FROM outcome
    WHERE d.id = ANY (ARRAY(SELECT id FROM outcome))
      AND d.id = outcome.id
      AND d.claimed_by = :#instance
    RETURNING d.id
)
INSERT INTO delivery_attempt (id, delivery_id, attempt, attempted_at, duration_ms, status_code, error, answer,
                              instance)
SELECT "attemptId", id, attempt, "attemptedAt", "durationMs", "statusCode", NULL, answer, :#instance
FROM outcome
