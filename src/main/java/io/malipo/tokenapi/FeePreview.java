package io.malipo.tokenapi;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;

/**
 * What a movement would cost. For a collection, net is what the merchant keeps; for a payout,
 * net is what the payee receives and total what leaves the balance.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FeePreview(BigDecimal amount, BigDecimal fee, BigDecimal net, BigDecimal total, String currency,
        String provider, String channel) {
}
