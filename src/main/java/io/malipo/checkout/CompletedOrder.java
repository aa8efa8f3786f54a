package io.malipo.checkout;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A completed order with the payment that completed it, as sql/checkout/select-order-callback.sql
 * reads it for the order's callback.
 *
 * @param webhookUrl where the order's callback goes; null when the order asked for none
 * @param credentialId the checkout credential that created the order, which signs its callback
 * @param msisdn the number that paid, or null for a card
 */
public record CompletedOrder(String orderId, String webhookUrl, UUID credentialId, UUID merchantId, boolean livemode,
        String buyerPhone, UUID paymentId, String transid, String reference, String provider, String msisdn,
        BigDecimal amount, String currency) {
}
