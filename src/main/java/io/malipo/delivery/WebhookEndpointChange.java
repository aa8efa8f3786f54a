package io.malipo.delivery;

import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * PATCH /api/v1/webhook-endpoints/{id}: the fields given change, the others stay; an empty
 * description removes it.
 */
public record WebhookEndpointChange(
        @Size(max = 2048, message = "must be at most 2048 characters") String url,
        @Size(min = 1, message = "must list at least one event type, or [\"*\"] for every event") List<String> events,
        @Size(max = 255, message = "must be at most 255 characters") String description,
        Boolean enabled) {
}
