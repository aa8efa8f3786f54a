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
 * routes/callbacks.yaml; the durable schedule between attempts is here.
 *
 * @param pollInterval how often each instance looks for deliveries due
 * @param batch how many deliveries an instance claims at a time
 * @param parallelism how many deliveries an instance sends at once
 * @param claimTimeout how long a claim lasts: an instance that stops mid-send loses its rows after this
 * @param schedule the waits before each further attempt; after the last, the delivery is FAILED
 */
@ConfigurationProperties("malipo.delivery")
@Validated
public record DeliveryProperties(
        @NotNull @DefaultValue("500ms") Duration pollInterval,
        @Min(1) @Max(500) @DefaultValue("20") int batch,
        @Min(1) @Max(200) @DefaultValue("8") int parallelism,
        @NotNull @DefaultValue("2m") Duration claimTimeout,
        @NotEmpty @DefaultValue({"1m", "5m", "30m", "2h", "6h", "12h", "24h"}) List<Duration> schedule) {
}
