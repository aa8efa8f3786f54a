package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The shared buckets on PostgreSQL (malipo.token-api.tokens-per-minute is 20 in the tests: one token every 3 s). */
class TokenRateLimitIT extends PostgresIT {

    @Autowired
    TokenRateLimit limit;

    @Test
    void aKeyGetsItsMinutesWorthThenWaitsForTheRefill() {
        String key = UUID.randomUUID().toString();
        for (int i = 0; i < 20; i++) {
            assertThat(limit.take(key)).as("take %d", i + 1).isZero();
        }

        assertThat(limit.take(key)).as("the 21st waits for one token: 3 s").isBetween(1L, 3L);
        assertThat(limit.take(UUID.randomUUID().toString())).as("another key has its own bucket").isZero();

        // Seven and a half seconds later, two tokens have come back, and no more.
        jdbc.update("UPDATE rate_limit_token_bucket SET refilled_at = refilled_at - interval '7.5 seconds' WHERE id = ?",
                "token:" + key);
        assertThat(limit.take(key)).isZero();
        assertThat(limit.take(key)).isZero();
        assertThat(limit.take(key)).isBetween(1L, 3L);
    }

    @Test
    void aBucketNeverHoldsMoreThanItsCapacityHoweverLongItRested() {
        String key = UUID.randomUUID().toString();
        assertThat(limit.take(key)).isZero();
        jdbc.update("UPDATE rate_limit_token_bucket SET refilled_at = refilled_at - interval '1 day' WHERE id = ?",
                "token:" + key);

        for (int i = 0; i < 20; i++) {
            assertThat(limit.take(key)).as("take %d after a day", i + 1).isZero();
        }
        assertThat(limit.take(key)).isPositive();
    }

    @Test
    void aTakeThatStartedBeforeTheLastOneCommittedDoesNotRefill() {
        String key = UUID.randomUUID().toString();
        assertThat(limit.take(key)).isZero();
        // As if the last take's clock ran ahead of this one's: no negative refill, no extra token.
        jdbc.update("UPDATE rate_limit_token_bucket SET refilled_at = refilled_at + interval '10 seconds', tokens = 0 "
                + "WHERE id = ?", "token:" + key);

        assertThat(limit.take(key)).isPositive();
        assertThat(jdbc.queryForObject("SELECT tokens FROM rate_limit_token_bucket WHERE id = ?", Double.class,
                "token:" + key)).isZero();
    }
}
