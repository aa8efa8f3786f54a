package io.malipo.pages;

import io.malipo.checkout.OrderStatus;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * An order as its payment page shows it, with its merchant and the payment that completed it:
 * sql/pages/select-order-for-page.sql.
 *
 * @param headerColour and {@code linkColour}, {@code buttonColour}: the merchant's colours for the page, or null
 * @param vendor the merchant's vendor code, which the QR payload names
 * @param paymentReference and {@code paymentProvider}, {@code paidAt}: the completing payment's, or null
 */
public record PageOrder(UUID id, String orderId, BigDecimal amount, String currency, OrderStatus paymentStatus,
        String cancelReason, OffsetDateTime expiresAt, String paymentToken, boolean livemode, String headerColour,
        String linkColour, String buttonColour, String cancelUrl, String redirectUrl, Integer noOfItems,
        String merchantName, String vendor, String paymentReference, String paymentProvider, OffsetDateTime paidAt) {

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
