package io.malipo.delivery;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.malipo.common.Sequenced;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A webhook endpoint as the token API shows it. {@code secret} (whsec_…) signs its events and is
 * shown once, in the answer that creates the endpoint.
 */
public record WebhookEndpointView(UUID id, String url, List<String> events, boolean enabled, String description,
        @JsonInclude(JsonInclude.Include.NON_NULL) String secret, Instant createdAt, @JsonIgnore long seq)
        implements Sequenced {
}
