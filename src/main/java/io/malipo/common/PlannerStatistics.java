package io.malipo.common;

import java.sql.Connection;
import javax.sql.DataSource;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Keeps PostgreSQL's planner statistics of Malipo's tables fresh when the server's autovacuum is
 * off. Without statistics the planner sizes every table as nearly empty, and the plan it caches
 * for a prepared statement on a new database is never revisited: a lookup by a unique key then
 * walks another index that shares its leading columns (an order by order_id through the paging
 * index, for one), and each request reads more rows than the last. With autovacuum on (the
 * server's default) this does nothing: the server analyses changed tables itself.
 */
@Component
public class PlannerStatistics extends RouteBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(PlannerStatistics.class);
    static final String REFRESH = "direct:database-statistics-refresh";

    private final JdbcTemplate jdbc;
    private final boolean needed;

    public PlannerStatistics(DataSource dataSource) {
        this.jdbc = new JdbcTemplate(dataSource);
        this.needed = autovacuumOff();
        if (needed) {
            LOG.warn("PostgreSQL's autovacuum is off: Malipo analyses its changed tables itself every 10 s so "
                    + "that query plans follow the data; turn autovacuum on to leave this to the server");
        }
    }

    private boolean autovacuumOff() {
        try {
            ConnectionCallback<String> product = (Connection c) -> c.getMetaData().getDatabaseProductName();
            return "PostgreSQL".equals(jdbc.execute(product))
                    && "off".equals(jdbc.queryForObject("SELECT current_setting('autovacuum')", String.class));
        } catch (RuntimeException e) {
            // The database may be away at start; Malipo starts anyway and the server's own setting
            // (normally on) decides.
            return false;
        }
    }

    @Override
    public void configure() {
        if (!needed) {
            return;
        }
        from("timer:database-statistics?delay=2000&period=10000").routeId("database-statistics")
                .to(REFRESH);
        from(REFRESH).routeId("database-statistics-refresh")
                .process(e -> jdbc.execute(SqlFiles.load("database/analyze-changed-tables.sql")));
    }
}
