package io.malipo.payments;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A payment as reversing it sees it: sql/payments/select-payment-for-reversal.sql (the merchant's),
 * select-payment-for-automatic-reversal.sql (Malipo's own) and lock-payment.sql read it.
 *
 * @param amountReversed what reversals still in flight or done have taken of it
 */
public record ReversiblePayment(UUID id, UUID merchantId, boolean livemode, PaymentStatus status, BigDecimal amount,
        BigDecimal fee, BigDecimal amountReversed, String currency, String provider, String channel) {

    /** What can still be sent back. */
    public BigDecimal remaining() {
        return amount.subtract(amountReversed);
    }
}
