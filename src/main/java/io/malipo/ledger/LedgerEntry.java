package io.malipo.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * One line of a posting as sql/ledger/select-entries-for-source.sql reads it.
 *
 * @param account {@value Ledger#MERCHANT} (the merchant's balance), {@value Ledger#FEES}, or
 *     {@code provider:<code>} (money a provider owes Malipo, or Malipo owes it)
 * @param amount signed: what the account gained (positive) or gave (negative)
 */
public record LedgerEntry(UUID id, UUID postingId, String account, BigDecimal amount, String currency,
        String sourceType, UUID sourceId, Instant createdAt) {
}
