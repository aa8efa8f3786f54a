package io.malipo.delivery;

import java.util.UUID;

/**
 * An enabled webhook endpoint of a merchant and mode, as sql/delivery/select-webhook-endpoints-enabled.sql reads it.
 *
 * @param events the event types it subscribes to, comma-separated, or {@value WebhookEventType#ALL}
 */
public record EnabledEndpoint(UUID id, String url, String events) {
}
