package io.malipo.delivery;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.Size;
import java.util.List;

/** POST /api/v1/webhook-endpoints: where to send which events; enabled unless told otherwise. */
public record NewWebhookEndpoint(
        @NotBlank @Size(max = 2048, message = "must be at most 2048 characters") String url,
        @NotEmpty(message = "must list at least one event type, or [\"*\"] for every event") List<String> events,
        @Size(max = 255, message = "must be at most 255 characters") String description,
        Boolean enabled) {
}
