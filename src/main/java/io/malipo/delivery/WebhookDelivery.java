package io.malipo.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.Sequenced;
import java.time.Instant;
import java.util.UUID;

/**
 * One event sent to a webhook endpoint, as the endpoint's delivery log shows it
 * (sql/delivery/select-webhook-endpoint-deliveries.sql).
 *
 * @param payload the event exactly as sent; {@link #eventType()} reads its type from it
 * @param lastStatus the HTTP status of the last answer; null when none came
 * @param lastAnswer the start of the last answer, on one line; null when it was empty
 * @param lastAttemptAt when the last attempt was made; null before the first
 */
public record WebhookDelivery(UUID id, String eventId, String payload, DeliveryStatus status, int attempts,
        Integer lastStatus, String lastError, String lastAnswer, Instant lastAttemptAt, Instant nextAttemptAt,
        Instant createdAt, Instant deliveredAt, long seq) implements Sequenced {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The event's type (payment.succeeded, webhook.test...): Malipo wrote the payload, so it has one. */
    public String eventType() {
        try {
            return JSON.readTree(payload).path("type").asText("");
        } catch (JsonProcessingException e) {
            return "";
        }
    }
}
