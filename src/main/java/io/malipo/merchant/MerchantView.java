package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A merchant as operations staff see it, with its credentials (never their secrets). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record MerchantView(UUID id, String vendor, String name, String email, MerchantStatus status,
        Instant createdAt, Instant verifiedAt, List<CheckoutCredentialView> checkoutCredentials,
        List<ApiKeyView> apiKeys) {
}
