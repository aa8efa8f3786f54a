package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import io.malipo.common.EmailAddress;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** An invitation to a merchant's dashboard: who, and with which role. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record NewTeamMember(
        @NotBlank @Size(max = 254) @EmailAddress String email,
        @NotNull Role role) {
}
