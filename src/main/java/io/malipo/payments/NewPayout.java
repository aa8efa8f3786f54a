package io.malipo.payments;

import java.math.BigDecimal;
import java.util.UUID;

/** A payout another package asks for: money from the merchant's balance to a wallet. */
public record NewPayout(UUID merchantId, boolean livemode, BigDecimal amount, String currency, String msisdn,
        String provider, String merchantReference, String description) {
}
