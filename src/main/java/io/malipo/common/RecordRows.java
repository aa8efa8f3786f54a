package io.malipo.common;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.BeanUtils;
import org.springframework.beans.TypeConverter;
import org.springframework.core.MethodParameter;
import org.springframework.core.convert.TypeDescriptor;
import org.springframework.jdbc.core.DataClassRowMapper;

/**
 * Spring's DataClassRowMapper, reading each component from the column it names, found once per
 * shape of result instead of on every row. Spring's own asks the driver for column
 * {@code merchantid} first and for {@code merchant_id} only after that has failed; PostgreSQL's
 * driver (and H2's) fails by throwing, with a stack trace, so every camelCase component of every
 * row mapped cost an exception (about a tenth of the CPU of a settled payment's requests), and so
 * did every enum, asked of the driver as the enum before being read as text, and every Instant,
 * which the driver does not know. Values are read and
 * converted as Spring's mapper does, through its own methods.
 */
final class RecordRows<T> extends DataClassRowMapper<T> {

    private final java.lang.reflect.Constructor<T> constructor;
    private final String[] names;
    private final TypeDescriptor[] types;
    /** Column positions of each component, by the result's column labels (one entry per SQL file, in practice). */
    private final Map<List<String>, int[]> positions = new ConcurrentHashMap<>();

    RecordRows(Class<T> type) {
        super(type);
        this.constructor = BeanUtils.getResolvableConstructor(type);
        this.names = BeanUtils.getParameterNames(constructor);
        this.types = new TypeDescriptor[names.length];
        for (int i = 0; i < names.length; i++) {
            types[i] = new TypeDescriptor(new MethodParameter(constructor, i));
        }
    }

    @Override
    protected T constructMappedInstance(ResultSet rs, TypeConverter converter) throws SQLException {
        int[] columns = positions(rs);
        Object[] arguments = new Object[names.length];
        for (int i = 0; i < arguments.length; i++) {
            Class<?> type = types[i].getType();
            Object value;
            if (type.isEnum()) {
                // An enum is stored as its name: asked for the enum, the driver throws before Spring reads the text.
                value = rs.getString(columns[i]);
            } else if (type == Instant.class) {
                // PostgreSQL's driver has no Instant and throws before Spring reads the timestamp it
                // then converts: twice a row in every page of payments.
                Timestamp at = rs.getTimestamp(columns[i]);
                value = at == null ? null : at.toInstant();
            } else {
                value = getColumnValue(rs, columns[i], type);
            }
            arguments[i] = converter.convertIfNecessary(value, type, types[i]);
        }
        return BeanUtils.instantiateClass(constructor, arguments);
    }

    private int[] positions(ResultSet rs) throws SQLException {
        ResultSetMetaData meta = rs.getMetaData();
        String[] labels = new String[meta.getColumnCount()];
        for (int i = 0; i < labels.length; i++) {
            labels[i] = meta.getColumnLabel(i + 1).toLowerCase(Locale.ROOT);
        }
        List<String> shape = Arrays.asList(labels);
        int[] known = positions.get(shape);
        if (known != null) {
            return known;
        }
        Map<String, Integer> byLabel = new HashMap<>();
        for (int i = labels.length - 1; i >= 0; i--) {
            // The first of two columns of one name wins, as with the driver's findColumn.
            byLabel.put(labels[i], i + 1);
        }
        int[] columns = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            Integer column = byLabel.get(names[i].toLowerCase(Locale.ROOT));
            if (column == null) {
                column = byLabel.get(underscoreName(names[i]));
            }
            if (column == null) {
                throw new SQLException("the result has no column " + underscoreName(names[i]) + " for "
                        + constructor.getDeclaringClass().getSimpleName() + "." + names[i] + " (its columns: "
                        + String.join(", ", labels) + ")");
            }
            columns[i] = column;
        }
        positions.put(shape, columns);
        return columns;
    }
}
