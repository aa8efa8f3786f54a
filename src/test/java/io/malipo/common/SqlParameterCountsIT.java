package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import java.sql.PreparedStatement;
import java.util.List;
import org.apache.camel.CamelContext;
import org.apache.camel.component.sql.DefaultSqlPrepareStatementStrategy;
import org.apache.camel.component.sql.SqlEndpoint;
import org.apache.camel.component.sql.SqlHelper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.ConnectionCallback;

class SqlParameterCountsIT extends PostgresIT {

    @Autowired
    CamelContext camel;

    @Test
    void everyCountGivenToAnEndpointIsPostgresqlsOwn() throws Exception {
        List<SqlEndpoint> counted = camel.getEndpoints().stream()
                .filter(SqlEndpoint.class::isInstance).map(SqlEndpoint.class::cast)
                .filter(sql -> sql.getQuery().startsWith("classpath:sql/") && sql.getParametersCount() > 0)
                .toList();

        // Malipo's routes hold about a hundred statements with a fixed number of parameters.
        assertThat(counted).hasSizeGreaterThan(80);
        for (SqlEndpoint sql : counted) {
            String query = SqlHelper.resolveQuery(camel, sql.getQuery(), sql.isUsePlaceholder() ? sql.getPlaceholder() : null);
            String prepared = new DefaultSqlPrepareStatementStrategy().prepareQuery(query, sql.isAllowNamedParameters(), null);
            int described = jdbc.execute((ConnectionCallback<Integer>) connection -> {
                try (PreparedStatement statement = connection.prepareStatement(prepared)) {
                    return statement.getParameterMetaData().getParameterCount();
                }
            });
            assertThat(sql.getParametersCount()).as(sql.getQuery()).isEqualTo(described);
        }
    }
}
