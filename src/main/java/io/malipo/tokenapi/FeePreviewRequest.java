package io.malipo.tokenapi;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/**
 * POST /api/v1/fees/preview: the fee of a collection or payout before making it. The provider
 * is named, or found from the msisdn; channel CARD previews a card collection.
 */
public record FeePreviewRequest(
        @NotNull @DecimalMin(value = "0.01", message = "must be at least 0.01")
        @Digits(integer = 15, fraction = 2, message = "must have at most 2 decimals") BigDecimal amount,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code such as TZS") String currency,
        @NotNull @Pattern(regexp = "collection|payout", message = "must be collection or payout") String type,
        @Size(max = 20) String msisdn,
        @Size(max = 32) String provider,
        @Pattern(regexp = "WALLET_PULL|CARD", message = "must be WALLET_PULL or CARD") String channel) {
}
