package io.malipo.checkout;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * An order as its payment page shows it, with its merchant: sql/checkout/select-order-for-page.sql.
 *
 * @param headerColour and {@code buttonColour}: the merchant's colours for the page, or null
 * @param vendor the merchant's vendor code, which the QR payload names
 */
public record PageOrder(UUID id, String orderId, BigDecimal amount, String currency, OrderStatus paymentStatus,
        String cancelReason, OffsetDateTime expiresAt, String paymentToken, boolean livemode, String headerColour,
        String buttonColour, String cancelUrl, String redirectUrl, Integer noOfItems, String merchantName,
        String vendor) {

    /** Cancelled by its expiry, or past it and not yet swept. */
    public boolean expired(Instant now) {
        return paymentStatus == OrderStatus.CANCELLED && "EXPIRED".equals(cancelReason)
                || paymentStatus == OrderStatus.PENDING && expiresAt.toInstant().isBefore(now);
    }

    /** Open to a payment now. */
    public boolean payable(Instant now) {
        return paymentStatus == OrderStatus.PENDING && !expired(now);
    }
}
