package io.malipo.payments;

import io.malipo.ledger.Ledger;
import io.malipo.ledger.Ledger.Line;
import io.malipo.ledger.Ledger.Posting;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Money Malipo sends out of a merchant's balance: a {@link Payout} to a wallet, or a
 * {@link Reversal} of a collection to its payer. Both are debited before they are sent, sent at
 * most once, settled by the provider's report or a status query, and credited back if the
 * provider fails them ({@link Transfers} holds those rules). States: {@link PaymentStatus}
 * PENDING, then SUCCEEDED or FAILED as {@link Transition} allows.
 */
public sealed interface Transfer extends ProviderRequest permits Payout, Reversal {

    Kind kind();

    UUID merchantId();

    PaymentStatus status();

    String failureCode();

    /** The merchant's own reference, unique in the merchant and mode; null when none was given. */
    String merchantReference();

    /** When it was handed to its provider; null until then. */
    OffsetDateTime sentAt();

    OffsetDateTime createdAt();

    /** Malipo's part: a payout's fee, or the negative of the fee a reversal gives back. */
    BigDecimal feeTaken();

    /**
     * What it took from the merchant's balance when it was made: the amount, owed to the
     * provider that carries it, and Malipo's part.
     */
    default Posting debit(OffsetDateTime now) {
        return new Posting(merchantId(), livemode(), currency(), kind().name(), id(),
                List.of(new Line(Ledger.MERCHANT, amount().add(feeTaken()).negate()),
                        new Line(Ledger.provider(provider()), amount()), new Line(Ledger.FEES, feeTaken())), now);
    }

    /** The two kinds; each names its own SQL files (under sql/payments/), row record and view route. */
    enum Kind {
        PAYOUT("payout", "MLO", Payout.class, PaymentsEndpoints.PAYOUT_VIEW, new Statements(
                "sql:classpath:sql/payments/select-payout.sql?outputType=SelectOne"
                        + "&outputClass=io.malipo.payments.Payout",
                "payments/select-payout.sql",
                "payments/select-payout-by-reference.sql",
                "payments/lock-payout.sql",
                "sql:classpath:sql/payments/select-payouts-due.sql",
                "sql:classpath:sql/payments/update-payout-sent.sql",
                "sql:classpath:sql/payments/update-payout-provider-ref.sql",
                "sql:classpath:sql/payments/update-payout-check-claimed.sql",
                "sql:classpath:sql/payments/update-payout-next-check.sql",
                "payments/update-payout-settled.sql",
                "payments/update-payout-succeeded-late.sql")),
        REVERSAL("reversal", "MLR", Reversal.class, PaymentsEndpoints.REVERSAL_VIEW, new Statements(
                "sql:classpath:sql/payments/select-reversal.sql?outputType=SelectOne"
                        + "&outputClass=io.malipo.payments.Reversal",
                "payments/select-reversal.sql",
                "payments/select-reversal-by-reference.sql",
                "payments/lock-reversal.sql",
                "sql:classpath:sql/payments/select-reversals-due.sql",
                "sql:classpath:sql/payments/update-reversal-sent.sql",
                "sql:classpath:sql/payments/update-reversal-provider-ref.sql",
                "sql:classpath:sql/payments/update-reversal-check-claimed.sql",
                "sql:classpath:sql/payments/update-reversal-next-check.sql",
                "payments/update-reversal-settled.sql",
                "payments/update-reversal-succeeded-late.sql"));

        /**
         * The statements a kind runs, by what they do: camel-sql endpoint URIs for the routes,
         * paths under sql/ for the settlement that runs in Java.
         */
        public record Statements(String selectUri, String select, String selectByReference, String lock,
                String selectDueUri, String updateSentUri, String updateProviderRefUri, String updateCheckClaimedUri,
                String updateNextCheckUri, String updateSettled, String updateSucceededLate) {
        }

        private final String noun;
        private final String referencePrefix;
        private final Class<? extends Transfer> rowType;
        private final String viewRoute;
        private final Statements sql;

        Kind(String noun, String referencePrefix, Class<? extends Transfer> rowType, String viewRoute,
                Statements sql) {
            this.noun = noun;
            this.referencePrefix = referencePrefix;
            this.rowType = rowType;
            this.viewRoute = viewRoute;
            this.sql = sql;
        }

        /** What it is called in messages, event types and connector routes (-payout, -reversal). */
        public String noun() {
            return noun;
        }

        public String referencePrefix() {
            return referencePrefix;
        }

        /** The record its select statement reads into. */
        public Class<? extends Transfer> rowType() {
            return rowType;
        }

        /** The route that shows one as the token API does. */
        public String viewRoute() {
            return viewRoute;
        }

        public Statements sql() {
            return sql;
        }

        /** The kind a Malipo reference belongs to; empty for a payment's. */
        public static Optional<Kind> ofReference(String reference) {
            return reference == null ? Optional.empty()
                    : Arrays.stream(values()).filter(k -> reference.startsWith(k.referencePrefix)).findFirst();
        }
    }
}
