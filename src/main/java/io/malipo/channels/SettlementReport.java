package io.malipo.channels;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A final word about a payment, from a provider's notification, a status query or Malipo
 * itself (a push refused, a provider silent too long). It names the payment by Malipo's
 * reference or id, or, for a payment the payer made with an order's payment token, by the token.
 *
 * @param eventKey what makes this report unique at its source; a second report with the same key changes nothing
 * @param livemode the mode its source may settle: a sandbox report cannot settle a live payment
 * @param uncounted true when nothing reached the payer, so the attempt does not count against the order
 */
public record SettlementReport(String provider, String eventKey, Outcome outcome, UUID paymentId, String reference,
        String paymentToken, String providerRef, BigDecimal amount, String currency, String msisdn,
        String failureCode, String failureMessage, boolean livemode, boolean uncounted) {
}
