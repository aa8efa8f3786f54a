package io.malipo.checkout;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * An order as sql/checkout/select-order.sql reads it, with the payment that completed it, if any.
 *
 * @param cancelReason why a CANCELLED order was: EXPIRED, or null when its merchant cancelled it
 * @param requestHash the fingerprint of the request that created it: the same order_id again must match it
 * @param createResponse the create-order data item it answered, as JSON, answered again to a repeat
 * @param paymentMethods the {@link PaymentMethod}s it accepts, comma-separated
 * @param attempts the payment attempts it has used
 * @param transid and {@code provider}, {@code reference}, {@code msisdn}: its completing payment's, or null
 */
public record StoredOrder(UUID id, String orderId, BigDecimal amount, String currency, OrderStatus paymentStatus,
        String cancelReason, OffsetDateTime expiresAt, OffsetDateTime createdAt, String requestHash,
        String createResponse, String paymentMethods, int attempts, String buyerPhone, String transid,
        String provider, String reference, String msisdn) {

    /** Cancelled by its expiry, not by its merchant. */
    public boolean expired() {
        return paymentStatus == OrderStatus.CANCELLED && "EXPIRED".equals(cancelReason);
    }

    /** Whether a card may pay it. */
    public boolean acceptsCards() {
        return methods().stream().anyMatch(PaymentMethod.CARD_METHODS::contains);
    }

    public List<PaymentMethod> methods() {
        return Arrays.stream(paymentMethods.split(",")).map(PaymentMethod::valueOf).toList();
    }

    /** The number that paid it, or the buyer's phone when a card or the payer's own menu did. */
    public String payer() {
        return msisdn == null ? buyerPhone : msisdn;
    }
}
