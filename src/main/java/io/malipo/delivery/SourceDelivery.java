package io.malipo.delivery;

import java.time.Instant;
import java.util.UUID;

/**
 * A delivery as the page of what caused it shows it: sql/delivery/select-deliveries-for-source.sql.
 * Never its payload or signature.
 *
 * @param attempts the attempts made so far; their log is {@link DeliveryTrail#attempts}
 */
public record SourceDelivery(UUID id, String kind, String targetUrl, String status, int attempts,
        Instant nextAttemptAt, Integer lastStatus, String sourceType, UUID sourceId, Instant createdAt,
        Instant deliveredAt) {
}
