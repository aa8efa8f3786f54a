package io.malipo.payments;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * A reversal another package asks for: part or all (amount null) of a succeeded payment of the
 * merchant sent back to its payer.
 */
public record NewReversal(UUID merchantId, boolean livemode, UUID paymentId, BigDecimal amount, String reason) {
}
