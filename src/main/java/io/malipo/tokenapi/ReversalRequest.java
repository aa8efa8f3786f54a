package io.malipo.tokenapi;

import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.Digits;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.math.BigDecimal;
import java.util.UUID;

/** POST /api/v1/reversals: all (amount left out) or part of a succeeded payment back to its payer. */
public record ReversalRequest(
        @NotNull UUID paymentId,
        @DecimalMin(value = "0.01", message = "must be at least 0.01")
        @Digits(integer = 15, fraction = 2, message = "must have at most 2 decimals") BigDecimal amount,
        @Size(max = 255) String reason) {
}
