package io.malipo.payments;

import java.math.BigDecimal;

/** The fee Malipo would charge for a movement, and the provider and channel it was priced for. */
public record FeeQuote(String kind, BigDecimal amount, BigDecimal fee, String currency, String provider,
        String channel) {
}
