package io.malipo.payments;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A reversal as the token API shows it. automatic: Malipo sent the money back itself, because it
 * arrived for an order that could no longer take it (feeRefunded is then Malipo's whole fee).
 */
public record ReversalView(UUID id, UUID paymentId, String status, BigDecimal amount, BigDecimal feeRefunded,
        String currency, String provider, String reason, boolean automatic, String gatewayReference,
        String providerReference, String failureCode, String failureMessage, Instant createdAt, Instant updatedAt) {
}
