package io.malipo.channels;

import jakarta.validation.Valid;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A merchant's choices for one provider in one mode: whether Malipo may use it for the
 * merchant's collections and payouts, and the amounts it may carry per currency.
 */
public record ProviderSetting(String provider, boolean enabled, List<Limit> limits, Instant updatedAt) {

    /** What a merchant may set (PUT /api/v1/providers/{code}/settings). */
    public record Change(@NotNull Boolean enabled, @Size(max = 10) List<@Valid @NotNull Limit> limits) {
    }

    /** Amounts outside [minAmount, maxAmount] in this currency are refused; either bound may be left out. */
    public record Limit(
            @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code such as TZS") String currency,
            @DecimalMin(value = "0.01", message = "must be at least 0.01")
            @Digits(integer = 17, fraction = 2, message = "must have at most 2 decimals") BigDecimal minAmount,
            @DecimalMin(value = "0.01", message = "must be at least 0.01")
            @Digits(integer = 17, fraction = 2, message = "must have at most 2 decimals") BigDecimal maxAmount) {
    }

    public static ProviderSetting defaults(String provider) {
        return new ProviderSetting(provider, true, List.of(), null);
    }
}
