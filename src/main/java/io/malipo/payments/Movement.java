package io.malipo.payments;

import java.util.Arrays;
import java.util.Optional;

/**
 * Money Malipo sends out: a payout from a merchant's balance to a wallet, or a reversal of a
 * collection to its payer. Both are debited before they are sent, sent at most once, settled by
 * the provider's report or a status query, and credited back if the provider fails them. Each
 * kind names its own SQL files and view route, so the same steps serve both.
 */
public enum Movement {
    PAYOUT("payout", "MLO", PaymentsEndpoints.PAYOUT_VIEW, new Statements(
            "payments/select-payout.sql",
            "payments/select-payout-by-reference.sql",
            "payments/select-payout-for-settlement.sql",
            "payments/select-payouts-due.sql",
            "payments/update-payout-sent.sql",
            "payments/update-payout-provider-ref.sql",
            "payments/update-payout-check-claimed.sql",
            "payments/update-payout-next-check.sql",
            "payments/update-payout-settled.sql",
            "payments/update-payout-succeeded-late.sql")),
    REVERSAL("reversal", "MLR", PaymentsEndpoints.REVERSAL_VIEW, new Statements(
            "payments/select-reversal.sql",
            "payments/select-reversal-by-reference.sql",
            "payments/select-reversal-for-settlement.sql",
            "payments/select-reversals-due.sql",
            "payments/update-reversal-sent.sql",
            "payments/update-reversal-provider-ref.sql",
            "payments/update-reversal-check-claimed.sql",
            "payments/update-reversal-next-check.sql",
            "payments/update-reversal-settled.sql",
            "payments/update-reversal-succeeded-late.sql"));

    /** The statements a kind runs, by what they do; each a file under sql/. */
    public record Statements(String select, String selectByReference, String selectForSettlement, String selectDue,
            String updateSent, String updateProviderRef, String updateCheckClaimed, String updateNextCheck,
            String updateSettled, String updateSucceededLate) {
    }

    private final String noun;
    private final String referencePrefix;
    private final String viewRoute;
    private final Statements sql;

    Movement(String noun, String referencePrefix, String viewRoute, Statements sql) {
        this.noun = noun;
        this.referencePrefix = referencePrefix;
        this.viewRoute = viewRoute;
        this.sql = sql;
    }

    /** What it is called in messages, event types, its id's property and connector routes (-payout, -reversal). */
    public String noun() {
        return noun;
    }

    public String referencePrefix() {
        return referencePrefix;
    }

    /** The route that shows one as the token API does. */
    public String viewRoute() {
        return viewRoute;
    }

    public Statements sql() {
        return sql;
    }

    /** The movement a Malipo reference belongs to; empty for a payment's. */
    public static Optional<Movement> ofReference(String reference) {
        return reference == null ? Optional.empty()
                : Arrays.stream(values()).filter(m -> reference.startsWith(m.referencePrefix)).findFirst();
    }
}
