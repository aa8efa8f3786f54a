package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

class DeliveryPropertiesTest {

    @Test
    void aClaimLastsEveryTryAndTheWaitsBetweenThemPlusTheMargin() {
        // Two tries of 2 s, one wait of 100 ms, 3 s of margin; the 1 s minimum is shorter.
        assertThat(properties(Duration.ofSeconds(1), Duration.ofSeconds(3), Duration.ofSeconds(2), 1, 100).claimFor())
                .isEqualTo(Duration.ofMillis(7_100));
    }

    @Test
    void aClaimNeverLastsLessThanTheClaimTimeout() {
        assertThat(properties(Duration.ofMinutes(2), Duration.ofSeconds(30), Duration.ofSeconds(15), 3, 1000)
                .claimFor()).isEqualTo(Duration.ofMinutes(2));
    }

    @Test
    void unsetTheMarginIsThirtySeconds() {
        DeliveryProperties defaults = new Binder(new MapConfigurationPropertySource(Map.of(
                "malipo.delivery.claim-timeout", "1s"))).bindOrCreate("malipo.delivery", DeliveryProperties.class);

        assertThat(defaults.claimMargin()).isEqualTo(Duration.ofSeconds(30));
        // 4 tries of 15 s and waits of 1 + 2 + 4 s: 67 s, and the margin.
        assertThat(defaults.claimFor()).isEqualTo(Duration.ofSeconds(97));
    }

    private static DeliveryProperties properties(Duration claimTimeout, Duration claimMargin, Duration attemptTimeout,
            int quickRetries, long quickRetryDelayMs) {
        return new DeliveryProperties(Duration.ofMillis(500), 20, 8, 2, claimTimeout, claimMargin,
                Duration.ofSeconds(5), Duration.ofSeconds(10), attemptTimeout, quickRetries, quickRetryDelayMs,
                List.of(Duration.ofMinutes(1)));
    }
}
