package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.malipo.common.Rows;
import io.malipo.common.Sequenced;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A payment as the token API shows it, whichever API started it. {@code reference} is always
 * the merchant's own (a collection's reference, or the transid of a checkout payment, as in its
 * callback); {@code gatewayReference} is Malipo's, the one providers and payers see.
 */
public record PaymentView(UUID id, String status, BigDecimal amount, BigDecimal fee, String currency, String channel,
        String provider, String msisdn, String reference, String gatewayReference, String providerReference,
        String orderId, String description, String failureCode, String failureMessage, BigDecimal amountReversed,
        Instant createdAt, Instant updatedAt, @JsonIgnore long seq) implements Sequenced {

    @SuppressWarnings("unchecked")
    public static List<PaymentView> all(List<?> rows) {
        return rows.stream().map(r -> of((Map<String, Object>) r)).toList();
    }

    /** From a row of sql/payments/select-payment-view*.sql. */
    public static PaymentView of(Map<String, Object> row) {
        return new PaymentView(Rows.uuid(row, "id"), Rows.string(row, "status"), (BigDecimal) row.get("amount"),
                (BigDecimal) row.get("fee"), Rows.string(row, "currency"), Rows.string(row, "channel"),
                Rows.string(row, "provider"), Rows.string(row, "msisdn"), Rows.string(row, "merchant_ref"),
                Rows.string(row, "reference"), Rows.string(row, "provider_ref"), Rows.string(row, "order_id"),
                Rows.string(row, "description"), Rows.string(row, "failure_code"),
                Rows.string(row, "failure_message"), (BigDecimal) row.get("amount_reversed"),
                Rows.instant(row, "created_at"), Rows.instant(row, "updated_at"), ((Number) row.get("seq")).longValue());
    }
}
