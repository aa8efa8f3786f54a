-- PostgreSQL only. The dispatcher's claim (sql/delivery/select-due-for-update.sql) reads the
-- oldest due rows in next_attempt_at order. On (status, next_attempt_at) it could not: its two
-- statuses made PostgreSQL read every open row and sort them all for each pass, 5.5 ms at 3,000
-- due and linear in the backlog, the very moment (after a merchant's outage) when passes must be
-- quick. This index holds only the open rows, in the order they are claimed, so a pass reads just
-- the rows it takes; delivered and failed rows, nearly all of the table, leave it as they close.
CREATE INDEX delivery_open ON delivery (next_attempt_at) WHERE status IN ('PENDING', 'DELIVERING');
DROP INDEX delivery_due;
