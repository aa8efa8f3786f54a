-- DeliveryStatus: DELIVERING -> PENDING | FAILED.
-- Not delivered this time: due again later, or FAILED once the schedule is used up.
UPDATE delivery
SET status = :#status, next_attempt_at = :#nextAttemptAt, last_status = :#statusCode, last_error = :#error,
    last_answer = :#answer, claimed_by = NULL, claimed_until = NULL
WHERE id = :#id
  AND claimed_by = :#instance
