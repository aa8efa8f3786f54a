package io.malipo.ledger;

import io.malipo.common.ApiException;
import io.malipo.common.SqlFiles;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.namedparam.SqlParameterSourceUtils;
import org.springframework.stereotype.Component;

/**
 * Double-entry postings, inside the caller's transaction. The lines of a posting sum to zero;
 * the line on account {@value #MERCHANT} moves the merchant's available balance, and a debit the
 * balance does not cover is refused in the same statement that would make it (except an
 * adjustment for money that has already moved).
 */
@Component
public class Ledger {

    public static final String MERCHANT = "merchant";
    public static final String FEES = "fees";

    private final NamedParameterJdbcTemplate jdbc;

    public Ledger(NamedParameterJdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    public record Line(String account, BigDecimal amount) {
    }

    /** A movement of money: what caused it (sourceType PAYMENT, PAYOUT or REVERSAL, and its id) and its lines. */
    public record Posting(UUID merchantId, boolean livemode, String currency, String sourceType, UUID sourceId,
            List<Line> lines, OffsetDateTime now) {

        /** The posting that gives back what this one moved, every line the other way. */
        public Posting reversed() {
            return new Posting(merchantId, livemode, currency, sourceType, sourceId,
                    lines.stream().map(l -> new Line(l.account(), l.amount().negate())).toList(), now);
        }
    }

    /** The account of money a provider owes Malipo (positive) or Malipo owes it. */
    public static String provider(String code) {
        return "provider:" + code;
    }

    public void post(Posting posting) {
        post(posting, true);
    }

    /**
     * A posting for money that has already moved, which the balance must show even when it does
     * not cover it: the merchant's balance may go below zero.
     */
    public void adjust(Posting posting) {
        post(posting, false);
    }

    private void post(Posting posting, boolean covered) {
        BigDecimal sum = posting.lines().stream().map(Line::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
        if (sum.signum() != 0) {
            throw new IllegalArgumentException("posting for " + posting.sourceType() + " " + posting.sourceId()
                    + " does not balance: its lines sum to " + sum);
        }
        UUID postingId = UUID.randomUUID();
        BigDecimal merchantDelta = BigDecimal.ZERO;
        List<Map<String, Object>> entries = new ArrayList<>(posting.lines().size());
        for (Line line : posting.lines()) {
            if (line.amount().signum() == 0) {
                continue;
            }
            Map<String, Object> row = key(posting);
            row.put("id", UUID.randomUUID());
            row.put("postingId", postingId);
            row.put("account", line.account());
            row.put("amount", line.amount());
            row.put("sourceType", posting.sourceType());
            row.put("sourceId", posting.sourceId());
            row.put("now", posting.now());
            entries.add(row);
            if (MERCHANT.equals(line.account())) {
                merchantDelta = merchantDelta.add(line.amount());
            }
        }
        // The lines go to the database together, in one round trip.
        jdbc.batchUpdate(SqlFiles.load("ledger/insert-entry.sql"), SqlParameterSourceUtils.createBatch(entries));
        Map<String, Object> balance = key(posting);
        balance.put("delta", merchantDelta);
        if (moveBalance(balance, covered) == 0) {
            // The merchant's first posting in this currency and mode: the row is made at zero
            // (or found made by a posting committed meanwhile), then moved like any other.
            jdbc.update(SqlFiles.load("ledger/insert-balance.sql"), balance);
            if (moveBalance(balance, covered) == 0) {
                throw ApiException.badRequest("insufficient_balance", "The available " + posting.currency()
                        + " balance does not cover the " + merchantDelta.negate().toPlainString() + " this takes "
                        + "from it; GET /api/v1/balance shows what is available.");
            }
        }
    }

    /**
     * Rows moved: 0 when the balance has no row yet, or (covered) when it does not cover a debit.
     * Moving first and making the row only when there is none saves a statement on every posting
     * but a merchant's first.
     */
    private int moveBalance(Map<String, Object> balance, boolean covered) {
        return jdbc.update(SqlFiles.load(covered ? "ledger/update-balance-by.sql" : "ledger/update-balance-adjust.sql"),
                balance);
    }

    private static Map<String, Object> key(Posting posting) {
        Map<String, Object> key = new LinkedHashMap<>();
        key.put("merchantId", posting.merchantId());
        key.put("livemode", posting.livemode());
        key.put("currency", posting.currency());
        return key;
    }
}
