-- The access-token rate limit's buckets on PostgreSQL, as plain columns that one statement reads
-- and writes (sql/tokenapi/take-rate-limit-token.sql) instead of Bucket4j's serialized state, which
-- took a transaction of four round trips per token. The embedded default keeps its buckets in
-- memory and leaves this table empty.
CREATE TABLE rate_limit_token_bucket (
    id          VARCHAR(128)             PRIMARY KEY,
    -- Tokens left at refilled_at; fractional, since the bucket refills continuously.
    tokens      DOUBLE PRECISION         NOT NULL,
    refilled_at TIMESTAMP WITH TIME ZONE NOT NULL,
    -- Whether the last take got a token: what the statement answers.
    granted     BOOLEAN                  NOT NULL
);

DROP TABLE rate_limit_bucket;
