package io.malipo.common;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;

/**
 * Reads columns out of the maps camel-sql returns. PostgreSQL's driver and H2 hand back the same
 * column as different Java types (a timestamptz is a Timestamp from one and an OffsetDateTime
 * from the other), so every read goes through here.
 */
public final class Rows {

    private Rows() {
    }

    public static String string(Map<String, Object> row, String column) {
        Object value = row.get(column);
        return value == null ? null : value.toString();
    }

    public static UUID uuid(Map<String, Object> row, String column) {
        Object value = row.get(column);
        if (value == null || value instanceof UUID) {
            return (UUID) value;
        }
        return UUID.fromString(value.toString());
    }

    public static boolean bool(Map<String, Object> row, String column) {
        Object value = row.get(column);
        return value instanceof Boolean b ? b : value != null && Boolean.parseBoolean(value.toString());
    }

    public static Instant instant(Map<String, Object> row, String column) {
        Object value = row.get(column);
        if (value == null) {
            return null;
        }
        if (value instanceof Timestamp ts) {
            return ts.toInstant();
        }
        if (value instanceof OffsetDateTime odt) {
            return odt.toInstant();
        }
        if (value instanceof Instant instant) {
            return instant;
        }
        throw new IllegalArgumentException("column " + column + " is not a timestamp: " + value.getClass());
    }
}
