-- DeliveryStatus: DELIVERING -> PENDING (not started).
-- A claimed delivery whose target already has as many attempts running as it may goes back,
-- its attempt not counted, due again after the others due now.
UPDATE delivery
SET status = 'PENDING', attempts = attempts - 1, next_attempt_at = :#retryAt, claimed_by = NULL,
    claimed_until = NULL
WHERE id = :#id
  AND claimed_by = :#instance
