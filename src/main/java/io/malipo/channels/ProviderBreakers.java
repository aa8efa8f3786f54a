package io.malipo.channels;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.github.resilience4j.circuitbreaker.CircuitBreakerRegistry;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.concurrent.TimeUnit;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * One circuit breaker per provider and mode around every call to a connector: a provider that
 * keeps failing is not called for a while (the payment fails fast as UNAVAILABLE, nothing sent),
 * without touching other providers, and live failures never close the sandbox or the reverse.
 * Thresholds are malipo.channels.circuit-breaker.*.
 */
@Component
public class ProviderBreakers {

    private static final String STARTED = "malipoProviderCallStarted";
    private static final String BREAKER = "malipoProviderBreaker";
    private static final Logger LOG = LoggerFactory.getLogger(ProviderBreakers.class);

    private final CircuitBreakerRegistry breakers;

    public ProviderBreakers(ChannelProperties properties, MeterRegistry meters) {
        ChannelProperties.Breaker settings = properties.circuitBreaker();
        this.breakers = CircuitBreakerRegistry.of(CircuitBreakerConfig.custom()
                .slidingWindowSize(settings.window())
                .minimumNumberOfCalls(settings.minimumCalls())
                .failureRateThreshold(settings.failureRatePercent())
                .waitDurationInOpenState(settings.openFor())
                .permittedNumberOfCallsInHalfOpenState(settings.trialCalls())
                .build());
        breakers.getEventPublisher().onEntryAdded(added -> {
            CircuitBreaker breaker = added.getAddedEntry();
            meters.gauge("malipo.provider.circuit.open", Tags.of("breaker", breaker.getName()), breaker,
                    b -> b.getState() == CircuitBreaker.State.OPEN ? 1 : 0);
            breaker.getEventPublisher().onStateTransition(t -> LOG.warn("Circuit breaker of {} is now {}",
                    breaker.getName(), t.getStateTransition().getToState()));
        });
    }

    /**
     * Before a connector call: true when the call may go ahead; otherwise the outcome is
     * UNAVAILABLE and nothing is sent.
     */
    public boolean enter(Exchange exchange) {
        CircuitBreaker breaker = breakers.circuitBreaker(exchange.getProperty(PaymentProperties.PROVIDER, String.class)
                + (Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.LIVEMODE, Boolean.class)) ? ":live"
                        : ":test"));
        if (!breaker.tryAcquirePermission()) {
            exchange.setProperty(PaymentProperties.OUTCOME, PushAnswer.UNAVAILABLE);
            LOG.info("Not calling {}: its circuit is open", breaker.getName());
            return false;
        }
        exchange.removeProperty(PaymentProperties.PROVIDER_FAILED);
        exchange.setProperty(BREAKER, breaker);
        exchange.setProperty(STARTED, System.nanoTime());
        return true;
    }

    /** After the call (always, when {@link #enter} let it go ahead): counts a success or a failure. */
    public void leave(Exchange exchange) {
        CircuitBreaker breaker = exchange.getProperty(BREAKER, CircuitBreaker.class);
        if (breaker == null) {
            return;
        }
        exchange.removeProperty(BREAKER);
        long nanos = System.nanoTime() - exchange.getProperty(STARTED, Long.class);
        boolean failed = Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.PROVIDER_FAILED, Boolean.class));
        if (failed || exchange.getException() != null) {
            breaker.onError(nanos, TimeUnit.NANOSECONDS, new IllegalStateException("provider call failed"));
        } else {
            breaker.onSuccess(nanos, TimeUnit.NANOSECONDS);
        }
    }
}
