package io.malipo.merchant;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A token-API key; {@code key} appears only in the answer that issued it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ApiKeyView(UUID id, UUID merchantId, String name, String keyPrefix,
        @JsonInclude(JsonInclude.Include.NON_NULL) String key, boolean livemode, List<String> scopes,
        List<String> allowedIps, Instant expiresAt, CredentialStatus status, Instant createdAt,
        Instant rotatedAt, Instant previousValidUntil, Instant revokedAt, Instant lastUsedAt) {
}
