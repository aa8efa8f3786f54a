package io.malipo.delivery;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonRawValue;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A delivery as operations staff see it; payload and attempts only when one is asked for. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DeliveryView(UUID id, UUID merchantId, boolean livemode, String kind, String targetUrl, String status,
        int attempts, Instant nextAttemptAt, Integer lastStatus, String lastError, String sourceType, UUID sourceId,
        Instant createdAt, Instant deliveredAt, @JsonRawValue String payload, List<Attempt> attemptLog) {

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Attempt(int attempt, Instant attemptedAt, int durationMs, Integer statusCode, String error,
            String instance) {
    }
}
