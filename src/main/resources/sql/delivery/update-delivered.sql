-- DeliveryStatus: DELIVERING -> DELIVERED. A finished row's next_attempt_at is when it finished
-- (the claim had moved it to when the claim would lapse).
UPDATE delivery
SET status = 'DELIVERED', last_status = :#statusCode, last_error = NULL, delivered_at = :#now,
    next_attempt_at = :#now, claimed_by = NULL, claimed_until = NULL
WHERE id = :#id
  AND claimed_by = :#instance
