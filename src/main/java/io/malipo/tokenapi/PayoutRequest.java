package io.malipo.tokenapi;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;

/** POST /api/v1/payouts: money from the balance to a wallet, under the merchant's own unique reference. */
public record PayoutRequest(
        @NotNull @DecimalMin(value = "0.01", message = "must be at least 0.01")
        @Digits(integer = 15, fraction = 2, message = "must have at most 2 decimals") BigDecimal amount,
        @NotNull @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 code such as TZS") String currency,
        @NotBlank @Size(max = 20) String msisdn,
        @NotBlank @Size(max = 64) @Pattern(regexp = "[\\x21-\\x7e]*", message = "must be printable ASCII without spaces")
        String reference,
        @Size(max = 32) String provider,
        @Size(max = 255) String description) {
}
