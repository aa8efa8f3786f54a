package io.malipo.channels;

import org.apache.camel.Exchange;

/**
 * What became of a payment, payout or reversal, as its provider reports it in a notification or
 * answers a status query: SUCCEEDED or FAILED are final; PENDING is not yet. Connector routes set
 * it in {@code malipoOutcome} as text (routes/README.md). The answer to sending it is a
 * {@link PushAnswer}.
 */
public enum PaymentResult {
    SUCCEEDED,
    FAILED,
    PENDING;

    public boolean isFinal() {
        return this != PENDING;
    }

    /**
     * The result a connector's notify or status route left in {@code malipoOutcome}. A status
     * query that could not be made (the circuit was open: UNAVAILABLE) or found nothing out
     * learned nothing: PENDING.
     */
    public static PaymentResult of(Exchange exchange) {
        Object value = exchange.getProperty(PaymentProperties.OUTCOME);
        if (value == null || PushAnswer.UNAVAILABLE.name().equals(value.toString())) {
            return PENDING;
        }
        try {
            return valueOf(value.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("connector " + exchange.getProperty(PaymentProperties.CONNECTOR)
                    + " reported " + value + "; a report or status is SUCCEEDED, FAILED or PENDING", e);
        }
    }
}
