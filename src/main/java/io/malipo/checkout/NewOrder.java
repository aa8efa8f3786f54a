package io.malipo.checkout;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/** A validated create-order or create-order-minimal request, normalised. */
public record NewOrder(
        String orderId,
        BigDecimal amount,
        String currency,
        String buyerEmail,
        String buyerName,
        String buyerPhone,
        String buyerUserid,
        UUID gatewayBuyerUuid,
        Map<String, String> billing,
        Map<String, String> shipping,
        Set<PaymentMethod> paymentMethods,
        String redirectUrl,
        String cancelUrl,
        String webhookUrl,
        String buyerRemarks,
        String merchantRemarks,
        int noOfItems,
        String headerColour,
        String linkColour,
        String buttonColour,
        long expiryMinutes) {
}
