-- DeliveryStatus: PENDING | DELIVERING (claim lapsed) -> DELIVERING.
-- A claimed row is next due when its claim lapses, if its attempt never records an outcome (its
-- instance stopped): so next_attempt_at moves there too, which takes the rows being sent out of
-- the head of the due rows' index (delivery_open on PostgreSQL), where every pass would read them
-- again only to pass them over.
UPDATE delivery
SET status = 'DELIVERING', claimed_by = :#instance, claimed_until = :#claimedUntil,
    next_attempt_at = :#claimedUntil, attempts = attempts + 1
WHERE id IN (:#in:ids)
