-- DeliveryStatus: DELIVERING -> DELIVERED.
UPDATE delivery
SET status = 'DELIVERED', last_status = :#statusCode, last_error = NULL, last_answer = :#answer, delivered_at = :#now,
    claimed_by = NULL, claimed_until = NULL
WHERE id = :#id
  AND claimed_by = :#instance
