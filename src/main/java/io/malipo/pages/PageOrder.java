package io.malipo.pages;

import io.malipo.checkout.OrderStatus;
import io.malipo.checkout.PaymentMethod;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.UUID;

/**
 * An order as its payment page shows it, with its merchant and payments:
 * sql/pages/select-order-for-page.sql.
 *
 * @param paymentMethods the {@link PaymentMethod}s it offers, comma-separated
 * @param headerColour and {@code linkColour}, {@code buttonColour}: the merchant's colours for the page, or null
 * @param vendor the merchant's vendor code, which the QR payload names
 * @param paymentReference and {@code paymentProvider}, {@code paidAt}: the completing payment's, or null
 * @param lastFailureCode why its latest attempt failed; null when it has none or that one did not fail
 * @param lastChannel the channel of its latest attempt (WALLET_PULL, CARD); null before the first
 * @param lastMsisdn the number its latest attempt pushed to; null when it was no push
 * @param lastAttemptAt when its latest attempt started; null before the first
 * @param buyerId the buyer (gateway_buyer_uuid) whose cards it may save and offer; null for a guest
 */
public record PageOrder(UUID id, UUID merchantId, String orderId, BigDecimal amount, String currency,
        OrderStatus paymentStatus, String cancelReason, OffsetDateTime expiresAt, String paymentToken,
        String paymentMethods, String buyerPhone, boolean livemode, String headerColour, String linkColour,
        String buttonColour, String cancelUrl, String redirectUrl, Integer noOfItems, String merchantName,
        String vendor, String paymentReference, String paymentProvider, OffsetDateTime paidAt,
        String lastFailureCode, String lastChannel, String lastMsisdn, OffsetDateTime lastAttemptAt, UUID buyerId) {

    /** Cancelled by its expiry, or past it and not yet swept. */
    public boolean expired(Instant now) {
        return paymentStatus == OrderStatus.CANCELLED && "EXPIRED".equals(cancelReason)
                || paymentStatus == OrderStatus.PENDING && expiresAt.toInstant().isBefore(now);
    }

    /** Open to a payment now. */
    public boolean payable(Instant now) {
        return paymentStatus == OrderStatus.PENDING && !expired(now);
    }

    /** Whether a card may pay it. */
    public boolean acceptsCards() {
        return Arrays.stream(paymentMethods.split(",")).map(PaymentMethod::valueOf)
                .anyMatch(PaymentMethod.CARD_METHODS::contains);
    }

    /** Whether a mobile-money push may pay it (create-order-minimal and ALL offer it too). */
    public boolean acceptsPush() {
        return Arrays.stream(paymentMethods.split(",")).map(PaymentMethod::valueOf)
                .anyMatch(m -> m == PaymentMethod.ALL || m == PaymentMethod.MOBILEMONEYPULL);
    }
}
