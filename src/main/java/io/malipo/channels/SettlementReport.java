package io.malipo.channels;

import java.math.BigDecimal;
import java.util.UUID;
import org.apache.camel.Exchange;

/**
 * A final word about a payment, from a provider's notification, a status query or Malipo
 * itself (a push refused, a provider silent too long). It names the payment by Malipo's
 * reference or id, or, for a payment the payer made with an order's payment token, by the token.
 *
 * @param eventKey what makes this report unique at its source; a second report with the same key changes nothing
 * @param livemode the mode its source may settle: a sandbox report cannot settle a live payment
 * @param uncounted true when nothing reached the payer, so the attempt does not count against the order
 */
public record SettlementReport(String provider, String eventKey, PaymentResult outcome, UUID paymentId, String reference,
        String paymentToken, String providerRef, BigDecimal amount, String currency, String msisdn,
        String failureCode, String failureMessage, boolean livemode, boolean uncounted) {

    /**
     * A status query's final answer (SUCCEEDED or FAILED in {@code malipoOutcome}) about what
     * Malipo sent, with the provider's reference and failure as its connector set them.
     */
    public static SettlementReport queried(Exchange exchange, UUID id, String reference, String provider,
            boolean livemode) {
        PaymentResult outcome = PaymentResult.of(exchange);
        return new SettlementReport(provider, "status:" + id + ":" + outcome, outcome, id, reference, null,
                exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class), null, null, null,
                exchange.getProperty(PaymentProperties.FAILURE_CODE, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class), livemode, false);
    }

    /**
     * What Malipo sent was refused outright (DECLINED) or never left (UNAVAILABLE): it fails now.
     * One that never left is uncounted, with the code provider_unavailable.
     *
     * @param unreachable the message when the provider could not be reached; null keeps the connector's
     */
    public static SettlementReport refused(Exchange exchange, String eventKey, UUID id, String reference,
            String unreachable) {
        boolean unavailable = PushAnswer.of(exchange) == PushAnswer.UNAVAILABLE;
        String message = exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class);
        return new SettlementReport(exchange.getProperty(PaymentProperties.PROVIDER, String.class), eventKey,
                PaymentResult.FAILED, id, reference, null, exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class),
                null, null, null, unavailable ? "provider_unavailable"
                        : exchange.getProperty(PaymentProperties.FAILURE_CODE, "declined", String.class),
                unavailable && unreachable != null ? unreachable : message,
                exchange.getProperty(PaymentProperties.LIVEMODE, Boolean.class), unavailable);
    }
}
