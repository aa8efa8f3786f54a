-- PostgreSQL only: select-due-for-update.sql and update-claimed.sql in one statement, so a pass is
-- one round trip instead of a transaction of three (H2 runs those two in a transaction). Of the due
-- rows read, each host's oldest are claimed, as many as its room: :#rooms, JSON of host -> room for
-- the hosts this instance sends to now, :#perTarget for any other. Every row read comes back, with
-- its host; the columns of a row not claimed are NULL. A row queued before deliveries knew their
-- host (target_host NULL) counts toward host ''. Which rows are due is select-due-for-update.sql's
-- condition, word for word, and a claim moves next_attempt_at as update-claimed.sql does.
WITH due AS (
    SELECT id, COALESCE(target_host, '') AS host, next_attempt_at
    FROM delivery
    WHERE status IN ('PENDING', 'DELIVERING')
      AND next_attempt_at <= :#now
      AND (status = 'PENDING' OR claimed_until < :#now)
      AND (target_host IS NULL OR target_host NOT IN (:#in:busy))
    ORDER BY next_attempt_at
    LIMIT :#batch
    FOR UPDATE SKIP LOCKED
), placed AS (
    SELECT id, host, next_attempt_at, row_number() OVER (PARTITION BY host ORDER BY next_attempt_at) AS place
    FROM due
), claimed AS (
    -- DeliveryStatus: PENDING | DELIVERING (claim lapsed) -> DELIVERING.
    UPDATE delivery d
    SET status = 'DELIVERING', claimed_by = :#instance, claimed_until = :#claimedUntil,
        next_attempt_at = :#claimedUntil, attempts = d.attempts + 1
    FROM placed
    WHERE d.id = placed.id
      AND placed.place <= COALESCE(CAST(CAST(:#rooms AS jsonb) ->> placed.host AS integer), :#perTarget)
    RETURNING d.id, d.merchant_id, d.livemode, d.kind, d.credential_id, d.webhook_endpoint_id, d.event_id,
              d.target_url, d.payload, d.source_type, d.source_id, d.attempts
)
SELECT placed.host, claimed.*
FROM placed
LEFT JOIN claimed ON claimed.id = placed.id
ORDER BY placed.next_attempt_at
