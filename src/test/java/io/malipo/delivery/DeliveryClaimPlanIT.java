package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.common.SqlFiles;
import io.malipo.testsupport.PostgresIT;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * A dispatcher's pass costs what it takes, not what is due: with thousands of callbacks due (a
 * merchant's receiver back after an outage), PostgreSQL reads the claim's rows from the open-row
 * index in order and stops at the limit, rather than reading every open row and sorting them for
 * each pass; and it stops at the present, whatever is scheduled later. Recording outcomes finds
 * the rows by their ids, never by reading the table. The backlog is written and
 * planned in one transaction that is rolled back, so no dispatcher ever sees it.
 */
class DeliveryClaimPlanIT extends PostgresIT {

    private static final int DUE = 3_000;

    @Autowired
    NamedParameterJdbcTemplate named;
    @Autowired
    TransactionTemplate transactions;

    /** EXPLAIN's lines of the pass statements, and of the statement recording a group of outcomes. */
    record Plans(List<String> passes, String outcomes) {
    }

    @Test
    void aPassReadsTheOpenRowIndexInOrderAndAnOutcomeFindsItsRowById() {
        Map<String, Object> pass = Map.of("now", OffsetDateTime.now(), "batch", 16, "busy", List.of(""),
                "instance", "plan", "claimedUntil", OffsetDateTime.now().plusMinutes(2), "rooms", "{}", "perTarget", 16);
        Plans plans = transactions.execute(tx -> {
            UUID merchant = UUID.randomUUID();
            jdbc.update("INSERT INTO merchant (id, vendor, name, email, status, created_at) "
                    + "VALUES (?, ?, 'Plan', 'plan@example.com', 'VERIFIED', now())", merchant,
                    "P" + merchant.toString().substring(0, 8));
            jdbc.update("""
                    INSERT INTO delivery (id, merchant_id, livemode, kind, target_url, target_host, payload,
                                          source_type, source_id, status, attempts, next_attempt_at, created_at)
                    SELECT gen_random_uuid(), ?, false, 'CHECKOUT_CALLBACK', 'https://shop.example/cb', 'shop.example',
                           '{}', 'ORDER', gen_random_uuid(), 'PENDING', 0,
                           now() - interval '1 hour' + g * interval '1 ms', now()
                    FROM generate_series(1, ?) g""", merchant, DUE);
            // Seen by this transaction only; its statistics go when it rolls back.
            jdbc.execute("ANALYZE delivery");
            // The claim of H2 and the one statement of PostgreSQL.
            List<String> passes = List.of("delivery/select-due-for-update.sql", "delivery/claim-due.sql").stream()
                    .map(file -> explain(file, pass)).toList();
            UUID delivered = jdbc.queryForObject("SELECT id FROM delivery WHERE merchant_id = ? LIMIT 1", UUID.class,
                    merchant);
            String outcomes = explain("delivery/update-delivered-logged.sql", Map.of("instance", "plan", "outcomes",
                    "[{\"id\": \"" + delivered + "\", \"attemptId\": \"" + UUID.randomUUID() + "\", \"attempt\": 1, "
                            + "\"attemptedAt\": \"2026-12-01T10:00:00Z\", \"durationMs\": 3, \"statusCode\": 200, "
                            + "\"answer\": \"ok\"}]"));
            tx.setRollbackOnly();
            return new Plans(passes, outcomes);
        });
        // Recording a group's outcomes looks its rows up by id, whatever the table holds: it ran
        // once per callback, and reading every delivery ever made each time cost more with each one.
        assertThat(plans.outcomes()).as(plans.outcomes()).contains("Index Cond: (id = ANY (")
                .doesNotContain("Seq Scan on delivery");

        for (String text : plans.passes()) {
            // Read in order from the first open row; bounded by the present, so rows rescheduled
            // for later (a receiver's whole backlog, after its failures) are never walked by passes
            // that find little due. (The one statement sorts the rows it read, a pass's worth.)
            assertThat(text).as(text).contains("Index Scan using delivery_open on delivery")
                    .contains("Index Cond: (next_attempt_at <= ")
                    .doesNotContainPattern("Sort Key: (delivery\\.)?next_attempt_at");
        }
    }

    private String explain(String file, Map<String, ?> parameters) {
        return String.join("\n", named.queryForList("EXPLAIN " + SqlFiles.load(file), parameters, String.class));
    }
}
