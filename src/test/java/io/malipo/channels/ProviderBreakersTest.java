package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

/** One breaker per provider and mode: a failing provider stops being called, and only it. */
class ProviderBreakersTest {

    private final MeterRegistry meters = new SimpleMeterRegistry();
    private final ProviderBreakers breakers = new ProviderBreakers(new ChannelProperties(Map.of(),
            Duration.ofMinutes(2), Duration.ofMinutes(1), Duration.ofMinutes(30), Duration.ofSeconds(5),
            Duration.ofSeconds(10), Duration.ofSeconds(1), new ChannelProperties.Sandbox(true, 60, 10_000, 16),
            new ChannelProperties.Breaker(4, 4, 50, Duration.ofMinutes(1), 1)), meters);
    private final DefaultCamelContext camel = new DefaultCamelContext();

    @Test
    void aProviderThatKeepsFailingIsNotCalledWhileItsCircuitIsOpenAndNothingElseIsTouched() {
        for (int i = 0; i < 4; i++) {
            call("mpesa-tz", true, true);
        }

        Exchange refused = exchange("mpesa-tz", true);
        assertThat(breakers.enter(refused)).isFalse();
        assertThat(refused.getProperty(PaymentProperties.OUTCOME)).isEqualTo(PushAnswer.UNAVAILABLE);
        assertThat(breakers.enter(exchange("mpesa-tz", false))).as("the same provider in the sandbox").isTrue();
        assertThat(breakers.enter(exchange("mixx-tz", true))).as("another provider").isTrue();
        assertThat(open("mpesa-tz:live")).isEqualTo(1);
        assertThat(open("mpesa-tz:test")).isZero();
    }

    @Test
    void failuresBeforeTheMinimumOrBelowTheRateLeaveItClosed() {
        for (int i = 0; i < 3; i++) {
            call("airtel-tz", true, true);
        }
        assertThat(breakers.enter(exchange("airtel-tz", true))).as("three calls, under the minimum of four").isTrue();

        call("selcom-card", true, true);
        for (int i = 0; i < 3; i++) {
            call("selcom-card", true, false);
        }
        assertThat(breakers.enter(exchange("selcom-card", true))).as("one failure in four, under 50%").isTrue();
        assertThat(open("airtel-tz:live")).isZero();
    }

    @Test
    void anExceptionDuringTheCallCountsAsAFailure() {
        for (int i = 0; i < 4; i++) {
            Exchange exchange = exchange("halopesa-tz", false);
            assertThat(breakers.enter(exchange)).isTrue();
            exchange.setException(new ConnectException("refused"));
            breakers.leave(exchange);
        }

        assertThat(breakers.enter(exchange("halopesa-tz", false))).isFalse();
    }

    private void call(String provider, boolean livemode, boolean failed) {
        Exchange exchange = exchange(provider, livemode);
        assertThat(breakers.enter(exchange)).isTrue();
        if (failed) {
            exchange.setProperty(PaymentProperties.PROVIDER_FAILED, true);
        }
        breakers.leave(exchange);
    }

    private Exchange exchange(String provider, boolean livemode) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(PaymentProperties.PROVIDER, provider);
        exchange.setProperty(PaymentProperties.LIVEMODE, livemode);
        return exchange;
    }

    private double open(String breaker) {
        return meters.get("malipo.provider.circuit.open").tag("breaker", breaker).gauge().value();
    }
}
