package io.malipo.ledger;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * What Malipo charges, as rules: the most specific rule matching a movement's kind, currency,
 * channel and provider sets its fee (percent of the amount plus fixed, within min and max).
 */
@ConfigurationProperties("malipo")
@Validated
public record FeeProperties(@NotEmpty List<@Valid Rule> fees) {

    /**
     * @param kind COLLECTION or PAYOUT
     * @param currency the currency it applies to
     * @param channel only for this channel (CARD, WALLET_PULL, MANUAL), or any when blank
     * @param provider only for this provider, or any when blank
     */
    public record Rule(
            @NotBlank String kind,
            @NotBlank String currency,
            String channel,
            String provider,
            @DefaultValue("0") BigDecimal percent,
            @DefaultValue("0") BigDecimal fixed,
            BigDecimal min,
            BigDecimal max) {
    }
}
