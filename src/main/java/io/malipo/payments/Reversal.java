package io.malipo.payments;

import io.malipo.common.SqlParameters;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A reversal of a collection to its payer, as sql/payments/select-reversal.sql reads it (with its
 * payment's payer and references) and insert-reversal.sql stores a new one.
 *
 * @param feeRefunded the part of the payment's fee Malipo gives back (all of it when Malipo itself
 *     sends the payment back, none when the merchant asks)
 * @param automatic true when Malipo sent the payment back (it arrived for an order that could no
 *     longer take it)
 * @param merchantReference the merchant's own key for it, unique in the merchant and mode (a form's,
 *     so that sending the form twice reverses once); null when none was given
 * @param msisdn the payer's wallet, from the payment
 * @param paymentReference the payment's Malipo reference, which the provider's reversal call names
 * @param paymentAmount what the payment collected: a provider that refunds only whole payments
 *     must be told when a reversal is of less
 */
public record Reversal(UUID id, UUID merchantId, boolean livemode, UUID paymentId, BigDecimal amount,
        BigDecimal feeRefunded, String currency, String provider, String reason, boolean automatic,
        String merchantReference, String reference,
        String providerRef, PaymentStatus status, String failureCode, OffsetDateTime sentAt, OffsetDateTime createdAt,
        String msisdn, String cardToken, String paymentReference, String paymentProviderRef,
        BigDecimal paymentAmount)
        implements Transfer, SqlParameters {

    @Override
    public Kind kind() {
        return Kind.REVERSAL;
    }

    @Override
    public BigDecimal feeTaken() {
        return feeRefunded.negate();
    }
}
