package io.malipo.faults;

import io.malipo.testsupport.CallbackReceiver;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.JdbcTemplate;

/** What Malipo stored for one merchant, read straight from the database, and what its receiver got. */
final class Books {

    private final JdbcTemplate jdbc;
    private final String vendor;

    Books(JdbcTemplate jdbc, String vendor) {
        this.jdbc = jdbc;
        this.vendor = vendor;
    }

    /** Which of these order_ids the database has. */
    Set<String> ordersFound(Collection<String> orderIds) {
        Set<String> stored = new HashSet<>(jdbc.queryForList("SELECT o.order_id FROM checkout_order o JOIN merchant m "
                + "ON m.id = o.merchant_id WHERE m.vendor = ?", String.class, vendor));
        return orderIds.stream().filter(stored::contains).collect(Collectors.toSet());
    }

    /** Which of these transids has a payment. */
    Set<String> paymentsFound(Collection<String> transids) {
        Set<String> stored = new HashSet<>(jdbc.queryForList("SELECT p.transid FROM payment p JOIN merchant m "
                + "ON m.id = p.merchant_id WHERE m.vendor = ?", String.class, vendor));
        return transids.stream().filter(stored::contains).collect(Collectors.toSet());
    }

    /** Payments by status. */
    Map<String, Integer> payments() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        jdbc.query("SELECT p.status, count(*) AS n FROM payment p JOIN merchant m ON m.id = p.merchant_id "
                + "WHERE m.vendor = ? GROUP BY p.status ORDER BY p.status", rs -> {
                    counts.put(rs.getString("status"), rs.getInt("n"));
                }, vendor);
        return counts;
    }

    int payments(String status) {
        return payments().getOrDefault(status, 0);
    }

    /** The transids of the SUCCEEDED payments. */
    Set<String> settledTransids() {
        return new HashSet<>(jdbc.queryForList("SELECT p.transid FROM payment p JOIN merchant m "
                + "ON m.id = p.merchant_id WHERE m.vendor = ? AND p.status = 'SUCCEEDED'", String.class, vendor));
    }

    /** Orders with more than one SUCCEEDED payment: paid twice. */
    List<String> ordersSettledTwice() {
        return jdbc.queryForList("SELECT o.order_id FROM payment p JOIN checkout_order o ON o.id = p.checkout_order "
                + "JOIN merchant m ON m.id = o.merchant_id WHERE m.vendor = ? AND p.status = 'SUCCEEDED' "
                + "GROUP BY o.order_id HAVING count(*) > 1", String.class, vendor);
    }

    /** SUCCEEDED payments that are not posted to the ledger exactly once. */
    List<String> settledNotPostedOnce() {
        return jdbc.queryForList("SELECT p.transid FROM payment p JOIN merchant m ON m.id = p.merchant_id "
                + "WHERE m.vendor = ? AND p.status = 'SUCCEEDED' AND (SELECT count(DISTINCT e.posting_id) FROM "
                + "ledger_entry e WHERE e.source_type = 'PAYMENT' AND e.source_id = p.id) <> 1", String.class, vendor);
    }

    /** The sum of every ledger line of the merchant: zero when every posting balances. */
    BigDecimal ledgerSum() {
        return jdbc.queryForObject("SELECT coalesce(sum(e.amount), 0) FROM ledger_entry e JOIN merchant m "
                + "ON m.id = e.merchant_id WHERE m.vendor = ?", BigDecimal.class, vendor);
    }

    /** Postings whose lines do not sum to zero. */
    int unbalancedPostings() {
        return jdbc.queryForObject("SELECT count(*) FROM (SELECT e.posting_id FROM ledger_entry e JOIN merchant m "
                + "ON m.id = e.merchant_id WHERE m.vendor = ? GROUP BY e.posting_id HAVING sum(e.amount) <> 0) u",
                Integer.class, vendor);
    }

    /** The merchant's available balance against the sum of its ledger lines on its own account. */
    boolean balanceMatchesLedger() {
        BigDecimal lines = jdbc.queryForObject("SELECT coalesce(sum(e.amount), 0) FROM ledger_entry e JOIN merchant m "
                + "ON m.id = e.merchant_id WHERE m.vendor = ? AND e.account = 'merchant'", BigDecimal.class, vendor);
        BigDecimal available = jdbc.queryForObject("SELECT coalesce(sum(b.available), 0) FROM balance b "
                + "JOIN merchant m ON m.id = b.merchant_id WHERE m.vendor = ?", BigDecimal.class, vendor);
        return lines.compareTo(available) == 0;
    }

    /** Deliveries by status. */
    Map<String, Integer> deliveries() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        jdbc.query("SELECT d.status, count(*) AS n FROM delivery d JOIN merchant m ON m.id = d.merchant_id "
                + "WHERE m.vendor = ? GROUP BY d.status ORDER BY d.status", rs -> {
                    counts.put(rs.getString("status"), rs.getInt("n"));
                }, vendor);
        return counts;
    }

    /** Every delivery of the merchant is DELIVERED. */
    boolean allDelivered() {
        Map<String, Integer> deliveries = deliveries();
        return deliveries.keySet().stream().allMatch("DELIVERED"::equals);
    }

    /** The transids the receiver got at least one callback for. */
    static Set<String> calledBack(CallbackReceiver receiver) {
        return receiver.received().stream().map(r -> String.valueOf(r.json().get("transid")))
                .collect(Collectors.toSet());
    }

    /** Callbacks received beyond the first for their transid (allowed: delivery is at least once). */
    static int duplicates(CallbackReceiver receiver) {
        return receiver.received().size() - calledBack(receiver).size();
    }
}
