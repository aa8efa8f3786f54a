package io.malipo.ledger;

/** The {@code direct:} endpoints of the ledger: every posting's entries sum to zero. */
public final class LedgerEndpoints {

    /** Body in: a {@link Ledger.Posting}. Refuses (400 insufficient_balance) a debit the balance does not cover. */
    public static final String POST = "direct:ledger-post";
    /** Body in: a {@link Ledger.Posting} for money that has already moved; the balance may go below zero. */
    public static final String POST_ADJUSTMENT = "direct:ledger-post-adjustment";
    /** A succeeded collection. Body in: a {@link CollectedPayment}. */
    public static final String POST_COLLECTION = "direct:ledger-post-collection";
    /** Body in: a map with merchantId and livemode. Body out: a {@link Balances}. */
    public static final String BALANCES = "direct:ledger-balances";
    /**
     * The entries one movement of money caused. Body in: a map with merchantId, livemode,
     * sourceType (PAYMENT, PAYOUT or REVERSAL) and sourceId. Body out: a list of {@link LedgerEntry},
     * oldest posting first; empty when the source is not the merchant's in that mode.
     */
    public static final String ENTRIES_FOR_SOURCE = "direct:ledger-entries-for-source";

    private LedgerEndpoints() {
    }
}
