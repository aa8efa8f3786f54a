package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.tokenapi.TokenRateLimit.Lease;
import io.malipo.tokenapi.TokenRateLimit.Take;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/** How an instance sizes and spends the tokens it takes from a key's bucket ahead of use. */
class TokenRateLimitLeaseTest {

    private static final long MS = 1_000_000;

    /** A bucket holding plenty, recording how many tokens each take asked for. */
    private final List<Integer> asked = new ArrayList<>();
    private int inBucket = 1_000;
    private final IntFunction<Take> bucket = want -> {
        asked.add(want);
        int got = Math.min(want, inBucket);
        inBucket -= got;
        return new Take(inBucket, got);
    };

    @Test
    void aKeyAskingSlowlyTakesEachTokenFromTheBucket() {
        Lease lease = new Lease(50, 100, 0);
        for (int i = 0; i < 5; i++) {
            assertThat(lease.take(i * 300 * MS, bucket)).isZero();
        }
        assertThat(asked).containsExactly(1, 1, 1, 1, 1);
    }

    @Test
    void aBusyKeyTakesAsManyAsItAskedForInTheLastWindowAtOnce() {
        Lease lease = askedInFirstWindow(50, 30);

        // The next window opens with 30 asked in the last one: one take of 30 serves the next 30.
        for (int i = 0; i < 30; i++) {
            assertThat(lease.take((100 + i) * MS, bucket)).isZero();
        }
        assertThat(asked).containsExactly(30);
        assertThat(lease.take(131 * MS, bucket)).isZero();
        assertThat(asked).containsExactly(30, 30);
    }

    @Test
    void aLeaseNeverExceedsItsLargestSize() {
        Lease lease = askedInFirstWindow(8, 40);
        lease.take(100 * MS, bucket);
        assertThat(asked).containsExactly(8);
    }

    @Test
    void whatIsLeftOfALeaseAfterItsLifeIsDroppedNotGivenOutLate() {
        Lease lease = askedInFirstWindow(50, 20);
        lease.take(100 * MS, bucket);
        assertThat(asked).last().isEqualTo(20);
        asked.clear();

        inBucket = 0;
        long later = 100 * MS + TokenRateLimit.LEASE_LIFE.toNanos();
        assertThat(lease.take(later, bucket)).as("19 left in the lease, but a second old").isPositive();
        assertThat(asked).hasSize(1);
    }

    @Test
    void anEmptyBucketAnswersTheSecondsUntilItsNextToken() {
        inBucket = 0;
        Lease lease = new Lease(50, 0.5, 0);
        assertThat(lease.take(0, bucket)).isEqualTo(2);
        assertThat(lease.take(MS, bucket)).as("nothing was leased: the next take asks again").isEqualTo(2);
        assertThat(asked).containsExactly(1, 1);
    }

    @Test
    void aPartlyFilledLeaseIsSpentBeforeAskingAgain() {
        Lease lease = askedInFirstWindow(50, 10);
        inBucket = 3;
        for (int i = 0; i < 3; i++) {
            assertThat(lease.take((100 + i) * MS, bucket)).isZero();
        }
        assertThat(lease.take(104 * MS, bucket)).isPositive();
        assertThat(asked).containsExactly(10, 10);
    }

    /**
     * A lease (100 tokens a second, at most {@code largest} at a time) whose key asked it for
     * {@code takes} tokens in its first window, 1 ms apart, each fetched alone; what they asked of
     * the bucket is forgotten.
     */
    private Lease askedInFirstWindow(int largest, int takes) {
        Lease lease = new Lease(largest, 100, 0);
        for (int i = 0; i < takes; i++) {
            lease.take(i * MS, bucket);
        }
        asked.clear();
        return lease;
    }
}
