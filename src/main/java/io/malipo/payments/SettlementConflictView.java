package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.malipo.common.Sequenced;
import java.time.Instant;
import java.util.UUID;

/** A contradicting report as operations staff see it (GET /admin/v1/settlement-conflicts). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record SettlementConflictView(UUID id, UUID merchantId, boolean livemode, String subjectType, UUID subjectId,
        String provider, String eventKey, String statusBefore, String reported, String providerRef, String resolution,
        UUID compensationId, String detail, Instant createdAt, @JsonIgnore long seq) implements Sequenced {
}
