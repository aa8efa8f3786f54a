package io.malipo.payments;

import io.malipo.common.Rows;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/**
 * A reversal as the token API shows it. automatic: Malipo sent the money back itself, because it
 * arrived for an order that could no longer take it (feeRefunded is then Malipo's whole fee).
 */
public record ReversalView(UUID id, UUID paymentId, String status, BigDecimal amount, BigDecimal feeRefunded,
        String currency, String provider, String reason, boolean automatic, String gatewayReference,
        String providerReference, String failureCode, String failureMessage, Instant createdAt, Instant updatedAt) {

    public static ReversalView of(Map<String, Object> row) {
        return new ReversalView(Rows.uuid(row, "id"), Rows.uuid(row, "payment_id"), Rows.string(row, "status"),
                (BigDecimal) row.get("amount"), (BigDecimal) row.get("fee_refunded"), Rows.string(row, "currency"),
                Rows.string(row, "provider"), Rows.string(row, "reason"), Rows.bool(row, "automatic"),
                Rows.string(row, "reference"), Rows.string(row, "provider_ref"), Rows.string(row, "failure_code"),
                Rows.string(row, "failure_message"), Rows.instant(row, "created_at"), Rows.instant(row, "updated_at"));
    }
}
