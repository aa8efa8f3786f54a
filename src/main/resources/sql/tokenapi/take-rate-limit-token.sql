-- Takes one token from a key's bucket (PostgreSQL): capacity :#capacity, refilled continuously at
-- :#perSecond tokens a second. One statement: the upsert locks the key's row, so concurrent takes on
-- every instance queue on it and each sees the one before it; none slips past the count. A take that
-- waited on the lock may have started before the one it waited for, hence GREATEST: time never runs
-- back. Answers the tokens left and whether this take got one. The refilled count is written out
-- in each place it is used: an upsert's SET cannot name a value computed from the row it locked.
INSERT INTO rate_limit_token_bucket AS b (id, tokens, refilled_at, granted)
VALUES (:#id, :#capacity - 1, now(), TRUE)
ON CONFLICT (id) DO UPDATE SET
    tokens = LEAST(:#capacity, b.tokens + :#perSecond * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8)
             - CASE WHEN LEAST(:#capacity, b.tokens + :#perSecond
                                 * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8) >= 1
                    THEN 1 ELSE 0 END,
    refilled_at = GREATEST(b.refilled_at, now()),
    granted = LEAST(:#capacity, b.tokens + :#perSecond
                                * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8) >= 1
RETURNING tokens, granted
