package io.malipo.channels;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;
import org.apache.camel.Exchange;
import org.apache.camel.http.base.HttpOperationFailedException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.HttpHostConnectException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What a failed call to a provider means, for the doCatch blocks of the connector routes.
 * Ambiguous means pending: a read timeout or a 500 may have reached the payer, so the payment
 * stays in flight for reconciliation. Only when nothing can have been sent (no connection,
 * circuit open, 502/503) is the provider unavailable, and only an explicit 4xx refusal declines.
 * Both methods set {@link PaymentProperties#PROVIDER_FAILED}, which Malipo's circuit breaker
 * (per provider and mode, around the call of the connector) counts.
 */
@Component("providerFailures")
public class ProviderFailures {

    private static final Logger LOG = LoggerFactory.getLogger(ProviderFailures.class);

    /**
     * A failed request, payout or reversal (or one the circuit breaker would not let out): sets
     * malipoOutcome UNAVAILABLE, DECLINED or PENDING.
     */
    public void push(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        Outcome outcome = classify(failure);
        exchange.setProperty(PaymentProperties.OUTCOME, outcome);
        exchange.setProperty(PaymentProperties.PROVIDER_FAILED, true);
        if (outcome == Outcome.DECLINED && failure instanceof HttpOperationFailedException http) {
            exchange.setProperty(PaymentProperties.FAILURE_CODE, "declined");
            exchange.setProperty(PaymentProperties.FAILURE_MESSAGE, "The provider refused the request (HTTP "
                    + http.getStatusCode() + ")");
        }
        LOG.warn("Sending {} {} to {} failed ({}): {}", kind(exchange),
                exchange.getProperty(PaymentProperties.REFERENCE), exchange.getProperty(PaymentProperties.PROVIDER),
                outcome, describe(failure));
    }

    /** A failed status query: whatever went wrong, the outcome is still unknown. */
    public void status(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        exchange.setProperty(PaymentProperties.OUTCOME, Outcome.PENDING);
        exchange.setProperty(PaymentProperties.PROVIDER_FAILED, true);
        LOG.info("Status query of {} {} at {} failed; asking again later: {}", kind(exchange),
                exchange.getProperty(PaymentProperties.REFERENCE), exchange.getProperty(PaymentProperties.PROVIDER),
                describe(failure));
    }

    /*
     * No exception at all, or resilience4j's CallNotPermittedException, is a call the circuit
     * breaker did not let out: nothing was sent.
     */
    static Outcome classify(Throwable failure) {
        if (failure == null || failure instanceof CallNotPermittedException) {
            return Outcome.UNAVAILABLE;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpHostConnectException || cause instanceof ConnectException
                    || cause instanceof ConnectTimeoutException || cause instanceof UnknownHostException
                    || cause instanceof NoRouteToHostException) {
                return Outcome.UNAVAILABLE;
            }
            if (cause instanceof HttpOperationFailedException http) {
                int status = http.getStatusCode();
                if (status == 502 || status == 503 || status == 429) {
                    return Outcome.UNAVAILABLE;
                }
                return status >= 400 && status < 500 && status != 408 ? Outcome.DECLINED : Outcome.PENDING;
            }
            if (cause instanceof InterruptedIOException) {
                return Outcome.PENDING;
            }
        }
        return Outcome.PENDING;
    }

    private static String kind(Exchange exchange) {
        String kind = exchange.getProperty(PaymentProperties.TRANSACTION_KIND, "COLLECTION", String.class);
        return kind.toLowerCase(Locale.ROOT);
    }

    private static String describe(Throwable failure) {
        return failure == null ? "circuit open" : failure.getClass().getSimpleName() + ": " + failure.getMessage();
    }
}
