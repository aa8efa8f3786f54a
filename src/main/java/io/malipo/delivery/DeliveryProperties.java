package io.malipo.delivery;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How deliveries to merchants go out. Quick retries within one attempt are Camel's, set in
 * routes/callbacks.yaml from the two quick-retry settings here; the durable schedule between
 * attempts is here too.
 *
 * @param pollInterval how often each instance looks for deliveries due
 * @param batch how many deliveries an instance claims at a time, at most
 * @param parallelism how many deliveries an instance sends at once
 * @param perTarget how many of those may go to one host at once, so one slow receiver cannot hold the others
 * @param claimTimeout how long a claim lasts at least: an instance that stops mid-send loses its rows after
 *        this; never shorter than an attempt with all its quick retries can take
 * @param claimMargin what a claim adds to the longest an attempt with its quick retries can take, for the
 *        database work before and after it (signing reads the merchant's credential, the outcome is recorded)
 * @param connectTimeout how long to wait for a receiver's connection
 * @param readTimeout how long to wait for each read of the receiver's answer
 * @param attemptTimeout how long one attempt may take from connecting to its answer, however it arrives
 * @param quickRetries Camel's retries within one attempt (routes/callbacks.yaml)
 * @param quickRetryDelayMs the first wait between them, doubling each time
 * @param schedule the waits before each further attempt; after the last, the delivery is FAILED
 */
@ConfigurationProperties("malipo.delivery")
@Validated
public record DeliveryProperties(
        @NotNull @DefaultValue("500ms") Duration pollInterval,
        @Min(1) @Max(500) @DefaultValue("20") int batch,
        @Min(1) @Max(200) @DefaultValue("64") int parallelism,
        @Min(1) @Max(200) @DefaultValue("16") int perTarget,
        @NotNull @DefaultValue("2m") Duration claimTimeout,
        @NotNull @DefaultValue("30s") Duration claimMargin,
        @NotNull @DefaultValue("5s") Duration connectTimeout,
        @NotNull @DefaultValue("10s") Duration readTimeout,
        @NotNull @DefaultValue("15s") Duration attemptTimeout,
        @Min(0) @Max(10) @DefaultValue("3") int quickRetries,
        @Min(0) @DefaultValue("1000") long quickRetryDelayMs,
        @NotEmpty @DefaultValue({"1m", "5m", "30m", "2h", "6h", "12h", "24h"}) List<Duration> schedule) {

    /**
     * How long a claim must last so it cannot lapse while its attempt runs: every try at its
     * deadline, the waits between them, and a margin for the database work around them.
     */
    public Duration claimFor() {
        Duration tries = attemptTimeout.multipliedBy(quickRetries + 1L);
        Duration waits = Duration.ofMillis(quickRetryDelayMs * ((1L << quickRetries) - 1));
        Duration needed = tries.plus(waits).plus(claimMargin);
        return needed.compareTo(claimTimeout) > 0 ? needed : claimTimeout;
    }
}
