package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.PostgresIT;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.ConnectionCallback;

class PlannerStatisticsIT extends PostgresIT {

    @Test
    void theTablesThatGrowWithEveryRequestAreAnalysedFromASmallSample() {
        // A column added later without its own target would be sampled at the server's default
        // and bring back the ANALYZE pauses under load that V32 removed.
        List<Map<String, Object>> targets = jdbc.queryForList("""
                SELECT attrelid::regclass::text AS table_name, attname, attstattarget FROM pg_attribute
                WHERE attrelid IN ('checkout_order'::regclass, 'checkout_replay'::regclass, 'signature_use'::regclass)
                  AND attnum > 0 AND NOT attisdropped""");

        assertThat(targets).hasSizeGreaterThan(40)
                .allSatisfy(column -> assertThat(column.get("attstattarget")).as(column.toString()).isEqualTo(10));
    }

    @Test
    void aChangedTableIsAnalysedOnceAndThenNotAgainWithinAutovacuumsNaptime() {
        jdbc.execute("DROP TABLE IF EXISTS planner_statistics_probe");
        jdbc.execute("CREATE TABLE planner_statistics_probe (n INTEGER)");
        try {
            insertRows(1_000);
            jdbc.execute(SqlFiles.load("database/analyze-changed-tables.sql"));
            Timestamp first = lastAnalysed();
            assertThat(first).as("analysed after its first thousand rows").isNotNull();

            insertRows(5_000);
            jdbc.execute(SqlFiles.load("database/analyze-changed-tables.sql"));

            // Every ANALYZE makes each session plan its statements on the table again: under load
            // that is a burst of slow requests, so a table is analysed no oftener than autovacuum would.
            assertThat(lastAnalysed()).isEqualTo(first);
            assertThat(changedRows()).isEqualTo(5_000L);
        } finally {
            jdbc.execute("DROP TABLE planner_statistics_probe");
        }
    }

    /** Inserts the rows and waits until the server's statistics count them. */
    private void insertRows(int rows) {
        long before = changedRows();
        // On the inserting session: a session reports its counts when it goes idle, if asked to.
        jdbc.execute((ConnectionCallback<Void>) connection -> {
            try (Statement statement = connection.createStatement()) {
                statement.executeUpdate("INSERT INTO planner_statistics_probe SELECT generate_series(1, " + rows + ")");
                statement.execute("SELECT pg_stat_force_next_flush()");
            }
            return null;
        });
        // Before its first analysis, Malipo's own timer may analyse the table meanwhile (where
        // autovacuum is off); after it, not for a naptime.
        Timestamp analysed = lastAnalysed();
        Await.until("the server's statistics count the new rows",
                () -> changedRows() == before + rows || (analysed == null && lastAnalysed() != null));
    }

    private long changedRows() {
        return jdbc.queryForObject("""
                SELECT coalesce(max(n_mod_since_analyze), 0) FROM pg_stat_user_tables
                WHERE schemaname = current_schema() AND relname = 'planner_statistics_probe'""", Long.class);
    }

    private Timestamp lastAnalysed() {
        return jdbc.queryForObject("""
                SELECT greatest(last_analyze, last_autoanalyze) FROM pg_stat_user_tables
                WHERE schemaname = current_schema() AND relname = 'planner_statistics_probe'""", Timestamp.class);
    }
}
