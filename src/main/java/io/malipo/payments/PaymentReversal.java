package io.malipo.payments;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A reversal as the page of its payment shows it (sql/payments/select-reversals-for-payment.sql).
 *
 * @param automatic Malipo sent the money back itself (the order could no longer take it)
 * @param merchantReference the key of the form that asked for it, if any
 */
public record PaymentReversal(UUID id, String status, BigDecimal amount, BigDecimal feeRefunded, String currency,
        String reason, boolean automatic, String merchantReference, String gatewayReference, String providerReference,
        String failureCode, String failureMessage, Instant createdAt, Instant updatedAt) {
}
