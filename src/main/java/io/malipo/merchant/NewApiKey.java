package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * A request for a token-API key. Scopes must be named: a key that can do everything because
 * nobody said otherwise is how payout keys end up in web front ends.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewApiKey(
        @NotBlank @Size(max = 100) String name,
        Boolean livemode,
        @NotEmpty(message = "must list at least one of payments.read, payments.write, payouts.write, refunds.write")
        List<@NotNull String> scopes,
        @Size(max = 50) List<@NotNull String> allowedIps,
        OffsetDateTime expiresAt) {

    public boolean live() {
        return Boolean.TRUE.equals(livemode);
    }
}
