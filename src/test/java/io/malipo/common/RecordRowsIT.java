package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.malipo.testsupport.PostgresIT;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.RowMapper;

/** Rows of PostgreSQL into records, through the mapper every SQL file's outputClass gets. */
class RecordRowsIT extends PostgresIT {

    enum Colour { RED, GREEN }

    record Thing(UUID id, String itemName, BigDecimal amount, Colour colour, OffsetDateTime createdAt, Integer leftInStock,
            Instant updatedAt) {
    }

    private static final String THINGS = """
            SELECT CAST('6d3f2a4e-0b7c-4d51-9a1e-0c6f7a8b9c0d' AS uuid) AS id, 'Tea' AS item_name,
                   CAST(1500.50 AS numeric(18, 2)) AS amount, 'GREEN' AS colour,
                   CAST('2026-11-30T10:15:00Z' AS timestamptz) AS created_at, CAST(NULL AS integer) AS left_in_stock,
                   CAST('2026-11-30T10:20:00.123456Z' AS timestamptz) AS updated_at
            UNION ALL
            SELECT CAST('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' AS uuid), 'Sugar', 20, 'RED',
                   CAST('2026-11-30T10:16:00Z' AS timestamptz), 3, CAST(NULL AS timestamptz)
            ORDER BY item_name DESC
            """;

    @Test
    void everyComponentIsReadFromTheColumnOfItsNameEnumsAndNullsIncluded() {
        List<Thing> things = jdbc.query(THINGS, SqlRecords.rows(Thing.class));

        assertThat(things).containsExactly(
                new Thing(UUID.fromString("6d3f2a4e-0b7c-4d51-9a1e-0c6f7a8b9c0d"), "Tea", new BigDecimal("1500.50"),
                        Colour.GREEN, OffsetDateTime.parse("2026-11-30T10:15:00Z"), null,
                        Instant.parse("2026-11-30T10:20:00.123456Z")),
                new Thing(UUID.fromString("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"), "Sugar", new BigDecimal("20"),
                        Colour.RED, OffsetDateTime.parse("2026-11-30T10:16:00Z"), 3, null));
    }

    @Test
    void columnsAreFoundAndReadWithoutAskingTheDriverForWhatItThrowsAt() {
        // The driver answers a name it does not have, or a type it does not know (Instant), by
        // throwing, stack trace and all: on every camelCase component of every row, that was most
        // of what mapping a row cost.
        RowMapper<Thing> rows = SqlRecords.rows(Thing.class);
        List<Thing> things = new ArrayList<>();
        List<String> throwingAsks = new ArrayList<>();
        jdbc.query(THINGS, (ResultSet rs) -> {
            ResultSet watched = watched(rs, throwingAsks);
            for (int row = 0; rs.next(); row++) {
                things.add(rows.mapRow(watched, row));
            }
            return null;
        });
        assertThat(things).extracting(Thing::itemName).containsExactly("Tea", "Sugar");
        // Spring's mapper catches what the driver throws and asks again, so only the asking shows it.
        assertThat(throwingAsks).isEmpty();
    }

    @Test
    void aComponentWithoutItsColumnSaysWhichOneIsMissing() {
        assertThatThrownBy(() -> jdbc.query("SELECT 'Tea' AS item_name", SqlRecords.rows(Thing.class)))
                .hasStackTraceContaining("the result has no column id for Thing.id (its columns: item_name)");
    }

    /** The result set, noting each question the driver answers by throwing. */
    private static ResultSet watched(ResultSet rs, List<String> throwingAsks) {
        InvocationHandler handler = (proxy, method, arguments) -> {
            if (method.getName().equals("findColumn")) {
                throwingAsks.add("findColumn(" + arguments[0] + ")");
            }
            if (method.getName().equals("getObject") && arguments.length == 2 && arguments[1] == Instant.class) {
                throwingAsks.add("getObject(" + arguments[0] + ", Instant)");
            }
            try {
                return method.invoke(rs, arguments);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (ResultSet) Proxy.newProxyInstance(ResultSet.class.getClassLoader(), new Class<?>[] {ResultSet.class},
                handler);
    }
}
