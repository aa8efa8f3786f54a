package io.malipo.checkout;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * An order as the merchant's dashboard shows it: sql/checkout/select-order-details.sql.
 *
 * @param cancelReason why a CANCELLED or USERCANCELLED order was: EXPIRED, MERCHANT or BUYER
 * @param buyerPhone digits with the country prefix
 * @param paymentMethods the {@link PaymentMethod}s it accepts, comma-separated
 * @param redirectUrl and {@code cancelUrl}: where the payment page sends the buyer; {@code webhookUrl}
 *     where its callback goes (each null when not given)
 * @param attempts the payment attempts it has used
 */
public record OrderDetails(UUID id, String orderId, BigDecimal amount, String currency, OrderStatus paymentStatus,
        String cancelReason, OffsetDateTime expiresAt, OffsetDateTime createdAt, String buyerName, String buyerEmail,
        String buyerPhone, String paymentMethods, String redirectUrl, String cancelUrl, String webhookUrl,
        int attempts) {

    public List<PaymentMethod> methods() {
        return Arrays.stream(paymentMethods.split(",")).map(PaymentMethod::valueOf).toList();
    }
}
