package io.malipo.common;

import java.io.IOException;
import java.sql.SQLException;
import java.util.OptionalInt;
import org.apache.camel.CamelContext;
import org.apache.camel.Endpoint;
import org.apache.camel.NoTypeConversionAvailableException;
import org.apache.camel.component.sql.DefaultSqlPrepareStatementStrategy;
import org.apache.camel.component.sql.SqlEndpoint;
import org.apache.camel.component.sql.SqlHelper;
import org.apache.camel.spi.EndpointStrategy;
import org.springframework.stereotype.Component;

/**
 * Tells each camel-sql endpoint of Malipo's own statements how many parameters its statement has.
 * Without that count camel-sql asks the JDBC driver on every execution, and PostgreSQL's driver
 * answers by sending the statement to the server to be described: an extra round trip, and the
 * statement was prepared anew each time instead of reusing the connection's prepared one.
 *
 * <p>Only statements from {@code classpath:sql/} are counted (every one of them is checked against
 * PostgreSQL's own count in {@code SqlParameterCountsIT}); statements in the route folder, lists
 * ({@code :#in:}) whose length is known only per call, and statements without parameters (for
 * which camel-sql has no way to be told 0) are left to the driver as before.
 */
@Component
public class SqlParameterCounts implements EndpointStrategy {

    private static final String OWN_STATEMENTS = "classpath:sql/";

    private final CamelContext camel;

    public SqlParameterCounts(CamelContext camel) {
        this.camel = camel;
        camel.getCamelContextExtension().registerEndpointCallback(this);
    }

    @Override
    public Endpoint registerEndpoint(String uri, Endpoint endpoint) {
        if (endpoint instanceof SqlEndpoint sql && sql.getParametersCount() <= 0
                && sql.getQuery() != null && sql.getQuery().startsWith(OWN_STATEMENTS)) {
            count(sql).ifPresent(sql::setParametersCount);
        }
        return endpoint;
    }

    /** The number of parameters camel-sql will bind for the endpoint's statement, when it is fixed. */
    OptionalInt count(SqlEndpoint sql) {
        String query;
        try {
            query = SqlHelper.resolveQuery(camel, sql.getQuery(), sql.isUsePlaceholder() ? sql.getPlaceholder() : null);
        } catch (IOException | NoTypeConversionAvailableException e) {
            // camel-sql reports the missing file itself when the route starts.
            return OptionalInt.empty();
        }
        return count(query, sql.isAllowNamedParameters());
    }

    /**
     * The placeholders of the statement camel-sql sends to the driver for {@code query}: its named
     * parameters become {@code ?}, then every {@code ?} outside string literals, quoted names and
     * comments counts once. Empty when the count depends on the call (an {@code IN} list), the
     * statement has none, or it holds text this does not read (dollar quoting).
     */
    static OptionalInt count(String query, boolean allowNamedParameters) {
        if (query.contains(":#in:") || query.contains(":?in:") || query.contains("$$")) {
            return OptionalInt.empty();
        }
        String prepared;
        try {
            prepared = new DefaultSqlPrepareStatementStrategy().prepareQuery(query, allowNamedParameters, null);
        } catch (SQLException | RuntimeException e) {
            return OptionalInt.empty();
        }
        int count = placeholders(prepared);
        return count > 0 ? OptionalInt.of(count) : OptionalInt.empty();
    }

    static int placeholders(String sql) {
        int count = 0;
        int i = 0;
        int n = sql.length();
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                i = closing(sql, i + 1, c);
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                i = end < 0 ? n : end + 1;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                i = endOfBlockComment(sql, i + 2);
            } else {
                if (c == '?') {
                    count++;
                }
                i++;
            }
        }
        return count;
    }

    /** Past the quote closing one opened before {@code from}; a doubled quote is part of the text. */
    private static int closing(String sql, int from, char quote) {
        int i = from;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }

    /** PostgreSQL's block comments nest. */
    private static int endOfBlockComment(String sql, int from) {
        int depth = 1;
        int i = from;
        while (i < sql.length() && depth > 0) {
            if (sql.startsWith("/*", i)) {
                depth++;
                i += 2;
            } else if (sql.startsWith("*/", i)) {
                depth--;
                i += 2;
            } else {
                i++;
            }
        }
        return i;
    }
}
