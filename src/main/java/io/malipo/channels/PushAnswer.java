package io.malipo.channels;

import org.apache.camel.Exchange;

/**
 * A provider's answer to what Malipo sent it: a payment request (a push to the payer's phone or a
 * card charge), a payout or a reversal. Connector routes set it in {@code malipoOutcome} as text
 * (routes/README.md); what becomes of the payment later is a {@link PaymentResult}.
 */
public enum PushAnswer {
    /** The provider took it: the payer is being asked, or the money is on its way. */
    ACCEPTED,
    /** Refused outright: nothing happened, and nothing will. */
    DECLINED,
    /** Nothing was sent: no connection could be made, or the provider's circuit is open. */
    UNAVAILABLE,
    /** No clear answer: the provider may have acted, so it stays in flight until it reports or is asked. */
    PENDING;

    /**
     * The answer a connector's request, payout or reversal route left in {@code malipoOutcome}.
     * None, or a {@link PaymentResult} in its place, is a connector that breaks its contract.
     */
    public static PushAnswer of(Exchange exchange) {
        Object value = exchange.getProperty(PaymentProperties.OUTCOME);
        if (value == null) {
            throw new IllegalStateException("connector " + exchange.getProperty(PaymentProperties.CONNECTOR)
                    + " set no outcome");
        }
        try {
            return valueOf(value.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("connector " + exchange.getProperty(PaymentProperties.CONNECTOR)
                    + " answered a request with " + value + "; a request is answered ACCEPTED, DECLINED, PENDING or "
                    + "UNAVAILABLE", e);
        }
    }
}
