package io.malipo.payments;

import io.malipo.common.RandomTokens;
import io.malipo.ledger.Fees;
import java.util.UUID;
import org.springframework.stereotype.Component;

/** What a new payout is before it is stored: its provider, fee and references. */
@Component
public class Payouts {

    private final Payments payments;
    private final Fees fees;

    public Payouts(Payments payments, Fees fees) {
        this.payments = payments;
        this.fees = fees;
    }

    /**
     * The payout asked for, PENDING and not yet sent: to the provider named, or the one serving
     * the number, which must pay out to wallets (its connector has a payout route) in this currency and mode.
     */
    public Payout prepare(NewPayout payout) {
        String code = payments.walletProvider(payout.provider(), payout.msisdn(), "; payouts go to wallets");
        payments.requirePayouts(code);
        payments.check(code, payout.currency(), payout.livemode(), "pays out");
        return new Payout(UUID.randomUUID(), payout.merchantId(), payout.livemode(), payout.amount(),
                fees.fee("PAYOUT", payout.currency(), null, code, payout.amount()), payout.currency(),
                payout.msisdn(), code, payout.merchantReference(), payout.description(),
                Transfer.Kind.PAYOUT.referencePrefix() + RandomTokens.crockford(16), null, PaymentStatus.PENDING,
                null, null, payments.now());
    }
}
