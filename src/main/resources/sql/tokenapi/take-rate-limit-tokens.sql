-- Takes up to :#want tokens from a key's bucket (PostgreSQL): capacity :#capacity, refilled
-- continuously at :#perSecond tokens a second; answers the tokens left and how many this take got
-- (0 to :#want, never more than the bucket held). One statement: the upsert locks the key's row, so
-- concurrent takes on every instance queue on it and each sees the one before it; none slips past
-- the count. A take that waited on the lock may have started before the one it waited for, hence
-- GREATEST: time never runs back. The refilled count is written out in each place it is used: an
-- upsert's SET cannot name a value computed from the row it locked.
--
-- The take commits without waiting for its WAL to reach the disk (synchronous_commit off for this
-- statement's own transaction only): after a crash of PostgreSQL a bucket may have forgotten up to
-- a fraction of a second of takes, which costs nothing but a few tokens, while waiting for the
-- flush cost a fifth of PostgreSQL's work per access token. TokenRateLimit never runs it inside a
-- transaction of other work, whose commit this would loosen too.
INSERT INTO rate_limit_token_bucket AS b (id, tokens, refilled_at, granted, taken)
SELECT :#id, :#capacity - LEAST(:#want, :#capacity), now(), TRUE, LEAST(:#want, :#capacity)
FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
ON CONFLICT (id) DO UPDATE SET
    tokens = LEAST(:#capacity, b.tokens + :#perSecond * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8)
             - LEAST(:#want, FLOOR(LEAST(:#capacity, b.tokens + :#perSecond
                                   * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8))),
    refilled_at = GREATEST(b.refilled_at, now()),
    taken = LEAST(:#want, FLOOR(LEAST(:#capacity, b.tokens + :#perSecond
                                      * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8)))::int,
    granted = LEAST(:#capacity, b.tokens + :#perSecond
                                * GREATEST(0, EXTRACT(EPOCH FROM now() - b.refilled_at))::float8) >= 1
RETURNING tokens, taken
