package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.malipo.common.EmailAddress;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** What onboarding a merchant takes. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewMerchant(
        @NotBlank @Size(max = 200) String name,
        @NotBlank @Size(max = 254) @EmailAddress String email) {
}
