package io.malipo.payments;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A reversal another package asks for: part or all (amount null) of a succeeded payment of the
 * merchant sent back to its payer.
 *
 * @param merchantReference optional, unique in the merchant and mode: a second reversal with it is
 *     refused (400 reference_reused), so a request sent twice reverses once
 */
public record NewReversal(UUID merchantId, boolean livemode, UUID paymentId, BigDecimal amount, String reason,
        String merchantReference) {

    public NewReversal(UUID merchantId, boolean livemode, UUID paymentId, BigDecimal amount, String reason) {
        this(merchantId, livemode, paymentId, amount, reason, null);
    }
}
