-- How many tokens the last take got: an instance may now take several at once when a key asks for
-- tokens faster than it could fetch them one by one (TokenRateLimit). Added beside `granted`, which
-- the statement still writes, so that instances of the previous version keep working while a
-- rolling upgrade replaces them.
ALTER TABLE rate_limit_token_bucket ADD COLUMN taken INTEGER DEFAULT 0 NOT NULL;
