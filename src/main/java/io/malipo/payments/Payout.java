package io.malipo.payments;

import io.malipo.common.SqlParameters;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payout from a merchant's balance to a wallet, as sql/payments/select-payout.sql reads it and
 * insert-payout.sql stores a new one.
 *
 * @param fee Malipo's fee, taken from the balance with the amount
 * @param merchantReference the merchant's own reference, unique among its payouts (given back
 *     when the payout never left, so it can be retried)
 */
public record Payout(UUID id, UUID merchantId, boolean livemode, BigDecimal amount, BigDecimal fee, String currency,
        String msisdn, String provider, String merchantReference, String description, String reference,
        String providerRef, PaymentStatus status, String failureCode, OffsetDateTime sentAt,
        OffsetDateTime createdAt) implements Transfer, SqlParameters {

    @Override
    public Kind kind() {
        return Kind.PAYOUT;
    }

    @Override
    public BigDecimal feeTaken() {
        return fee;
    }
}
