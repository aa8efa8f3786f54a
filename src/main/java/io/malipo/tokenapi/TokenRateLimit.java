package io.malipo.tokenapi;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.malipo.common.Database;
import io.malipo.common.SqlFiles;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.ToLongFunction;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * How many access tokens a key may get: a token bucket per key holding a minute's worth, refilled
 * continuously. On PostgreSQL the buckets are rows that every instance takes from, one statement a
 * token ({@code sql/tokenapi/take-rate-limit-token.sql}), so the count is exact across instances. On
 * the embedded database (one instance) they are Bucket4j's, in memory.
 */
@Component
public class TokenRateLimit {

    private static final String TAKE = "tokenapi/take-rate-limit-token.sql";

    /** A bucket after a take, as the statement answers it. */
    record Take(double tokensLeft, boolean granted) {
        static final RowMapper<Take> ROW = (rs, n) -> new Take(rs.getDouble("tokens"), rs.getBoolean("granted"));
    }

    /** Takes one token for a key: 0 when it had one, else the seconds until it will. */
    private final ToLongFunction<String> take;

    public TokenRateLimit(TokenApiProperties properties, NamedParameterJdbcTemplate jdbc, Database database) {
        int perMinute = properties.tokensPerMinute();
        double perSecond = perMinute / 60.0;
        if (database.isPostgres()) {
            this.take = key -> {
                Take after = jdbc.queryForObject(SqlFiles.load(TAKE),
                        Map.of("id", key, "capacity", perMinute, "perSecond", perSecond), Take.ROW);
                return after.granted() ? 0 : Math.max(1, (long) Math.ceil((1 - after.tokensLeft()) / perSecond));
            };
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
}
