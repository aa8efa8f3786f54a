-- DeliveryStatus: PENDING | DELIVERING (claim lapsed) -> DELIVERING.
UPDATE delivery
SET status = 'DELIVERING', claimed_by = :#instance, claimed_until = :#claimedUntil, attempts = attempts + 1
WHERE id IN (:#in:ids)
