package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.malipo.common.Rows;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;

/** A contradicting report as operations staff see it (GET /admin/v1/settlement-conflicts). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettlementConflictView(UUID id, UUID merchantId, boolean livemode, String subjectType, UUID subjectId,
        String provider, String eventKey, String statusBefore, String reported, String providerRef, String resolution,
        UUID compensationId, String detail, Instant createdAt) {

    static SettlementConflictView of(Map<String, Object> row) {
        return new SettlementConflictView(Rows.uuid(row, "id"), Rows.uuid(row, "merchant_id"),
                Rows.bool(row, "livemode"), Rows.string(row, "subject_type"), Rows.uuid(row, "subject_id"),
                Rows.string(row, "provider"), Rows.string(row, "event_key"), Rows.string(row, "status_before"),
                Rows.string(row, "reported"), Rows.string(row, "provider_ref"), Rows.string(row, "resolution"),
                Rows.uuid(row, "compensation_id"), Rows.string(row, "detail"), Rows.instant(row, "created_at"));
    }
}
