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
 * A payout as the token API shows it. reference is the merchant's own (null once released: a
 * payout that never left gives it back); gatewayReference is Malipo's, the one the provider sees.
 */
public record PayoutView(UUID id, String status, BigDecimal amount, BigDecimal fee, String currency, String msisdn,
        String provider, String reference, String gatewayReference, String providerReference, String description,
        String failureCode, String failureMessage, Instant createdAt, Instant updatedAt, @JsonIgnore long seq)
        implements Sequenced {

    public static PayoutView of(Map<String, Object> row) {
        return new PayoutView(Rows.uuid(row, "id"), Rows.string(row, "status"), (BigDecimal) row.get("amount"),
                (BigDecimal) row.get("fee"), Rows.string(row, "currency"), Rows.string(row, "msisdn"),
                Rows.string(row, "provider"), Rows.string(row, "merchant_reference"), Rows.string(row, "reference"),
                Rows.string(row, "provider_ref"), Rows.string(row, "description"), Rows.string(row, "failure_code"),
                Rows.string(row, "failure_message"), Rows.instant(row, "created_at"), Rows.instant(row, "updated_at"),
                ((Number) row.get("seq")).longValue());
    }

    @SuppressWarnings("unchecked")
    public static List<PayoutView> all(List<?> rows) {
        return rows.stream().map(r -> of((Map<String, Object>) r)).toList();
    }
}
