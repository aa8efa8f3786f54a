package io.malipo.payments;

import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import java.math.BigDecimal;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** What a new reversal is before it is stored: how much of which payment goes back, and its references. */
@Component
public class Reversals {

    private final Payments payments;

    public Reversals(Payments payments) {
        this.payments = payments;
    }

    /**
     * The reversal asked for, PENDING and not yet sent: of a SUCCEEDED payment, no more than is
     * left of it (all of it when no amount is asked). An automatic one sends everything back and
     * gives Malipo's fee back too.
     */
    public Reversal prepare(ReversiblePayment payment, BigDecimal asked, String reason, String merchantReference,
            boolean automatic) {
        if (payment.status() != PaymentStatus.SUCCEEDED) {
            throw ApiException.badRequest("payment_not_reversible", "Only a SUCCEEDED payment can be reversed; this one "
                    + "is " + payment.status() + (payment.status() == PaymentStatus.REVERSED ? " already." : "."));
        }
        BigDecimal remaining = payment.remaining();
        BigDecimal reversed = asked == null ? remaining : asked;
        if (reversed.compareTo(remaining) > 0 || reversed.signum() <= 0) {
            throw ApiException.badRequest("reversal_exceeds_payment", "amount: " + reversed.toPlainString()
                    + " is more than can still be reversed of this payment (" + remaining.toPlainString() + " of "
                    + payment.amount().toPlainString() + " " + payment.currency() + ").");
        }
        BigDecimal feeRefunded = automatic && payment.fee() != null ? payment.fee() : BigDecimal.ZERO.setScale(2);
        return new Reversal(UUID.randomUUID(), payment.merchantId(), payment.livemode(), payment.id(), reversed,
                feeRefunded, payment.currency(), payment.provider(), reason, automatic, merchantReference,
                Transfer.Kind.REVERSAL.referencePrefix() + RandomTokens.crockford(16), null, PaymentStatus.PENDING,
                null, null, payments.now(), null, null, null, null, payment.amount());
    }
}
