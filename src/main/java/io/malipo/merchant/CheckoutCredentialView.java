package io.malipo.merchant;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.UUID;

/** A checkout credential; {@code api_secret} appears only in the answer that issued it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CheckoutCredentialView(UUID id, UUID merchantId, String apiKey,
        @JsonInclude(JsonInclude.Include.NON_NULL) String apiSecret, boolean livemode, CredentialStatus status,
        Instant createdAt, Instant rotatedAt, Instant previousValidUntil, Instant revokedAt) {
}
