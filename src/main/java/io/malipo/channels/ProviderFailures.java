package io.malipo.channels;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;
import javax.net.ssl.SSLHandshakeException;
import org.apache.camel.Exchange;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.HttpHostConnectException;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * What a provider call that did not end in a readable answer means, for the connector routes.
 * Only a call that never reached the provider (no connection, no TLS session, the circuit
 * open) is UNAVAILABLE: nothing was sent. Any HTTP answer the connector could not read as the
 * provider's own refusal leaves the outcome unknown (PENDING): a gateway in front of a
 * provider answers 502, 503 or 429 after the provider may have acted, so the money may have
 * moved and only the provider's report or a status query can tell. Refusals are the
 * connector's to recognise, by the provider's protocol (routes/README.md).
 */
@Component("providerFailures")
public class ProviderFailures {

    private static final Logger LOG = LoggerFactory.getLogger(ProviderFailures.class);

    /**
     * After a request, payout or reversal call answered with any HTTP status: the outcome is
     * unknown until the connector reads the provider's answer. A 5xx, 408 or 429 counts as a
     * failure of the provider for its circuit breaker.
     */
    public void answered(Exchange exchange) {
        exchange.setProperty(PaymentProperties.OUTCOME, PushAnswer.PENDING);
        int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 0, Integer.class);
        if (status >= 500 || status == 408 || status == 429 || status == 0) {
            exchange.setProperty(PaymentProperties.PROVIDER_FAILED, true);
            LOG.warn("Provider {} answered HTTP {} to {} {}; its outcome is unknown until the provider reports or "
                    + "is asked", exchange.getProperty(PaymentProperties.PROVIDER), status, kind(exchange),
                    exchange.getProperty(PaymentProperties.REFERENCE));
        }
    }

    /**
     * A request, payout or reversal whose call failed (or that the circuit breaker would not let
     * out): sets malipoOutcome UNAVAILABLE when it cannot have reached the provider, PENDING otherwise.
     */
    public void push(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        PushAnswer outcome = classify(failure);
        exchange.setProperty(PaymentProperties.OUTCOME, outcome);
        exchange.setProperty(PaymentProperties.PROVIDER_FAILED, true);
        LOG.warn("Sending {} {} to {} failed ({}): {}", kind(exchange),
                exchange.getProperty(PaymentProperties.REFERENCE), exchange.getProperty(PaymentProperties.PROVIDER),
                outcome == PushAnswer.UNAVAILABLE ? "nothing was sent" : "outcome unknown", describe(failure));
    }

    /** A failed status query: whatever went wrong, the outcome is still unknown. */
    public void status(Exchange exchange) {
        Throwable failure = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
        exchange.setProperty(PaymentProperties.OUTCOME, PaymentResult.PENDING);
        exchange.setProperty(PaymentProperties.PROVIDER_FAILED, true);
        LOG.info("Status query of {} {} at {} failed; asking again later: {}", kind(exchange),
                exchange.getProperty(PaymentProperties.REFERENCE), exchange.getProperty(PaymentProperties.PROVIDER),
                describe(failure));
    }

    /*
     * No exception at all, or resilience4j's CallNotPermittedException, is a call the circuit
     * breaker did not let out. A TLS handshake that failed sent no request bytes; a connection
     * the pool could not lend in time was never used; a refused session or token stopped the
     * connector before it sent the transaction.
     */
    static PushAnswer classify(Throwable failure) {
        if (failure == null || failure instanceof CallNotPermittedException
                || failure instanceof ProviderSessionRefused) {
            return PushAnswer.UNAVAILABLE;
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HttpHostConnectException || cause instanceof ConnectException
                    || cause instanceof ConnectTimeoutException || cause instanceof UnknownHostException
                    || cause instanceof NoRouteToHostException || cause instanceof SSLHandshakeException
                    || cause instanceof ConnectionRequestTimeoutException) {
                return PushAnswer.UNAVAILABLE;
            }
        }
        return PushAnswer.PENDING;
    }

    private static String kind(Exchange exchange) {
        String kind = exchange.getProperty(PaymentProperties.TRANSACTION_KIND, "COLLECTION", String.class);
        return kind.toLowerCase(Locale.ROOT);
    }

    private static String describe(Throwable failure) {
        return failure == null ? "circuit open" : failure.getClass().getSimpleName() + ": " + failure.getMessage();
    }
}
