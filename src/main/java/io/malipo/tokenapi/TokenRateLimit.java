package io.malipo.tokenapi;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.malipo.common.Database;
import io.malipo.common.SqlFiles;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;
import java.util.function.ToLongFunction;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * How many access tokens a key may get: a token bucket per key holding a minute's worth, refilled
 * continuously. On PostgreSQL the buckets are rows that every instance takes from
 * ({@code sql/tokenapi/take-rate-limit-tokens.sql}), so no key gets more than its limit however its
 * calls are spread. On the embedded database (one instance) they are Bucket4j's, in memory.
 *
 * <p>A key that asks for tokens faster than one statement a token could serve does not cost one:
 * the instance takes a {@link Lease} of several, as many as the key asked it for in the last tenth
 * of a second, and hands them out itself. A lease never holds more than a hundredth of the key's
 * minute, and what is left of it after a second is dropped, not given out late; so a key at the
 * default limit (60 a minute) still takes its tokens one at a time, and a busy key may find another
 * instance's leftovers briefly out of its reach, never more tokens than its bucket allowed.
 */
@Component
public class TokenRateLimit {

    private static final String TAKE = "tokenapi/take-rate-limit-tokens.sql";
    /** How long tokens taken ahead may wait on this instance; later they are dropped. */
    static final Duration LEASE_LIFE = Duration.ofSeconds(1);
    /** The span over which this instance counts a key's takes to size its next lease. */
    static final Duration DEMAND_WINDOW = Duration.ofMillis(100);

    /** A bucket after a take, as the statement answers it. */
    record Take(double tokensLeft, int taken) {
        static final RowMapper<Take> ROW = (rs, n) -> new Take(rs.getDouble("tokens"), rs.getInt("taken"));
    }

    /** Takes one token for a key: 0 when it had one, else the seconds until it will. */
    private final ToLongFunction<String> take;
    private final NamedParameterJdbcTemplate jdbc;
    private final int perMinute;
    private final double perSecond;

    public TokenRateLimit(TokenApiProperties properties, NamedParameterJdbcTemplate jdbc, Database database) {
        this.jdbc = jdbc;
        this.perMinute = properties.tokensPerMinute();
        this.perSecond = perMinute / 60.0;
        if (database.isPostgres()) {
            int largestLease = Math.max(1, perMinute / 100);
            Cache<String, Lease> leases = Caffeine.newBuilder().maximumSize(10_000)
                    .expireAfterAccess(LEASE_LIFE.multipliedBy(10)).build();
            this.take = key -> leases.get(key, k -> new Lease(largestLease, perSecond, System.nanoTime()))
                    .take(System.nanoTime(), want -> fromBucket(key, want));
        } else {
            Map<String, Bucket> buckets = new ConcurrentHashMap<>();
            this.take = key -> {
                ConsumptionProbe probe = buckets.computeIfAbsent(key, k -> Bucket.builder()
                        .addLimit(limit -> limit.capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)))
                        .build()).tryConsumeAndReturnRemaining(1);
                return probe.isConsumed() ? 0
                        : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            };
        }
    }

    /** Takes one token from the key's bucket; 0 when it had one, else the seconds until it will. */
    public long take(String apiKeyId) {
        return take.applyAsLong("token:" + apiKeyId);
    }

    /** Takes up to {@code want} tokens from a bucket row on PostgreSQL. */
    Take fromBucket(String id, int want) {
        // The statement commits without waiting for the disk; inside a caller's transaction it
        // would do that to the caller's work too.
        if (TransactionSynchronizationManager.isActualTransactionActive()) {
            throw new IllegalStateException("a rate-limit take must not run inside a transaction");
        }
        return jdbc.queryForObject(SqlFiles.load(TAKE),
                Map.of("id", id, "capacity", perMinute, "perSecond", perSecond, "want", want), Take.ROW);
    }

    /**
     * The tokens of one key that this instance took from the bucket ahead of use, and how many
     * takes the key asked of this instance lately. Takes of one key wait on each other here, as they
     * would on the bucket's row lock; one of them fetches the next lease for all.
     */
    static final class Lease {

        private final int largest;
        private final double perSecond;
        private int left;
        private long expiresAt;
        private long windowStart;
        private int inWindow;
        private int lastWindow;

        Lease(int largest, double perSecond, long now) {
            this.largest = largest;
            this.perSecond = perSecond;
            this.windowStart = now;
        }

        /**
         * One token at {@code now} ({@link System#nanoTime()}): from the lease while it lasts, else from the
         * bucket, asking it for as many as were asked of this instance in the last window.
         */
        synchronized long take(long now, IntFunction<Take> fromBucket) {
            long window = DEMAND_WINDOW.toNanos();
            if (now - windowStart >= window) {
                lastWindow = now - windowStart < 2 * window ? inWindow : 0;
                windowStart = now;
                inWindow = 0;
            }
            inWindow++;
            if (left > 0 && now - expiresAt < 0) {
                left--;
                return 0;
            }
            Take taken = fromBucket.apply(Math.min(largest, Math.max(1, lastWindow)));
            if (taken.taken() == 0) {
                left = 0;
                return Math.max(1, (long) Math.ceil((1 - taken.tokensLeft()) / perSecond));
            }
            left = taken.taken() - 1;
            expiresAt = now + LEASE_LIFE.toNanos();
            return 0;
        }
    }
}
