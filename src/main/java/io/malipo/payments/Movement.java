package io.malipo.payments;

import java.util.Arrays;
import java.util.Optional;

/**
 * Money Malipo sends out: a payout from a merchant's balance to a wallet, or a reversal of a
 * collection to its payer. Both are debited before they are sent, sent at most once, settled by
 * the provider's report or a status query, and credited back if the provider fails them.
 */
public enum Movement {
    PAYOUT("payout", "MLO"),
    REVERSAL("reversal", "MLR");

    private final String table;
    private final String referencePrefix;

    Movement(String table, String referencePrefix) {
        this.table = table;
        this.referencePrefix = referencePrefix;
    }

    /** The table, and the name in SQL files (sql/payments/<verb>-<name>.sql) and connector routes. */
    public String table() {
        return table;
    }

    public String referencePrefix() {
        return referencePrefix;
    }

    /** The movement a Malipo reference belongs to; empty for a payment's. */
    public static Optional<Movement> ofReference(String reference) {
        return reference == null ? Optional.empty()
                : Arrays.stream(values()).filter(m -> reference.startsWith(m.referencePrefix)).findFirst();
    }
}
