package io.malipo.tokenapi;

import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.malipo.common.Database;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import javax.sql.DataSource;
import org.springframework.stereotype.Component;

/**
 * How many access tokens a key may get: a token bucket per key (Bucket4j). On PostgreSQL the
 * buckets live in the database, so every instance draws from the same one; on the embedded
 * database (one instance) they live in memory.
 */
@Component
public class TokenRateLimit {

    private final BucketConfiguration configuration;
    private final Function<String, ConsumptionProbe> consume;

    public TokenRateLimit(TokenApiProperties properties, DataSource dataSource, Database database) {
        int perMinute = properties.tokensPerMinute();
        this.configuration = BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(perMinute).refillGreedy(perMinute, Duration.ofMinutes(1)))
                .build();
        if (database.isPostgres()) {
            ProxyManager<String> buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                    .primaryKeyMapper(PrimaryKeyMapper.STRING)
                    .table("rate_limit_bucket")
                    .idColumn("id")
                    .stateColumn("state")
                    .expiresAtColumn("expires_at")
                    .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                            Duration.ofMinutes(1)))
                    .build();
            // Each take is one transaction that locks the key's row (SELECT ... FOR UPDATE), so the
            // count is exact across instances. Bucket4j's batching optimisation is not used: when the
            // first requests of a key (its row not yet written) arrived together, the batch failed
            // with BucketNotFoundException instead of creating the bucket, and those requests got
            // 500; it had saved about 3 % of a token's cost.
            this.consume = key -> buckets.builder().build(key, () -> configuration).tryConsumeAndReturnRemaining(1);
        } else {
            Map<String, Bucket> buckets = new ConcurrentHashMap<>();
            this.consume = key -> buckets.computeIfAbsent(key,
                    k -> Bucket.builder().addLimit(configuration.getBandwidths()[0]).build())
                    .tryConsumeAndReturnRemaining(1);
        }
    }

    /** Takes one token from the key's bucket; 0 when it had one, else the seconds until it will. */
    public long take(String apiKeyId) {
        ConsumptionProbe probe = consume.apply("token:" + apiKeyId);
        return probe.isConsumed() ? 0 : Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
    }
}
