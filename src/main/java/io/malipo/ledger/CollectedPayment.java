package io.malipo.ledger;

import io.malipo.ledger.Ledger.Line;
import io.malipo.ledger.Ledger.Posting;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

/**
 * A collection that succeeded, as {@link LedgerEndpoints#POST_COLLECTION} posts it.
 *
 * @param fee Malipo's fee, kept from the amount
 * @param provider the provider that collected it, who owes Malipo the amount
 */
public record CollectedPayment(UUID paymentId, UUID merchantId, boolean livemode, String currency, BigDecimal amount,
        BigDecimal fee, String provider, OffsetDateTime now) {

    /** provider clearing -amount, merchant +(amount - fee), fees +fee. */
    public Posting posting() {
        return new Posting(merchantId, livemode, currency, "PAYMENT", paymentId,
                List.of(new Line(Ledger.provider(provider), amount.negate()),
                        new Line(Ledger.MERCHANT, amount.subtract(fee)), new Line(Ledger.FEES, fee)), now);
    }
}
