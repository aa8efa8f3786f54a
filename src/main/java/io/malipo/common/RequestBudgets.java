package io.malipo.common;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import java.time.Duration;

/**
 * Budgets of requests a minute, one per key (a client address, say), refilled evenly (Bucket4j).
 * They live in a bounded cache in this instance: enough to stop one client from flooding an
 * endpoint that anyone may call, and rotating keys cannot grow them without end. A limit that
 * must hold across instances belongs in the database (TokenRateLimit).
 */
public final class RequestBudgets {

    private final int perMinute;
    private final Cache<String, Bucket> budgets = Caffeine.newBuilder()
            .maximumSize(100_000)
            .expireAfterAccess(Duration.ofMinutes(2))
            .build();

    public RequestBudgets(int perMinute) {
        this.perMinute = perMinute;
    }

    /** Takes one request from the key's budget: 0 when it had one, else the whole seconds until it will. */
    public long take(String key) {
        Bucket bucket = budgets.get(key, k -> Bucket.builder()
                .addLimit(limit -> limit.capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)))
                .build());
        ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
        return probe.isConsumed() ? 0 : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
    }
}
