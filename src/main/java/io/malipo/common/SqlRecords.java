package io.malipo.common;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.TypeConversionException;
import org.apache.camel.component.sql.RowMapperFactory;
import org.apache.camel.support.TypeConverterSupport;
import org.springframework.jdbc.core.ColumnMapRowMapper;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.stereotype.Component;

/**
 * Records at the SQL edge, both ways. A camel-sql endpoint with {@code outputClass} gives its row
 * as that record, built through its constructor with {@code merchant_id} read into
 * {@code merchantId} (Spring's DataClassRowMapper, which also reads UUIDs, timestamps and enums
 * the same from PostgreSQL and H2, with the columns found once per shape of result: RecordRows). A {@link SqlParameters} record sent as the body binds each
 * {@code :#name} to its component: camel-sql reads named parameters from a body it can convert to
 * a map, and this registers that conversion. An enum component binds as its name, as the
 * tables store states and kinds.
 */
@Component
public class SqlRecords implements RowMapperFactory {

    private static final Map<Class<?>, RowMapper<?>> MAPPERS = new ConcurrentHashMap<>();
    private static final Map<Class<?>, RecordComponent[]> COMPONENTS = new ConcurrentHashMap<>();

    public SqlRecords(CamelContext camel) {
        camel.getTypeConverterRegistry().addTypeConverter(Map.class, SqlParameters.class, new ToParameters());
    }

    @Override
    public RowMapper<?> newColumnRowMapper() {
        return new ColumnMapRowMapper();
    }

    @Override
    public RowMapper<?> newBeanRowMapper(Class<?> type) {
        return rows(type);
    }

    /** The mapper of a record's rows, for statements run with Spring's JDBC templates. */
    @SuppressWarnings("unchecked")
    public static <T> RowMapper<T> rows(Class<T> type) {
        return (RowMapper<T>) MAPPERS.computeIfAbsent(type, RecordRows::new);
    }

    /** A record's components by name (an enum's by its name), as the named parameters of a statement. */
    public static Map<String, Object> parameters(SqlParameters record) {
        RecordComponent[] components = COMPONENTS.computeIfAbsent(record.getClass(), type -> {
            if (!type.isRecord()) {
                throw new IllegalArgumentException(type.getName() + " is not a record");
            }
            RecordComponent[] all = type.getRecordComponents();
            for (RecordComponent component : all) {
                component.getAccessor().setAccessible(true);
            }
            return all;
        });
        // A HashMap, as parameters may be null.
        Map<String, Object> parameters = new HashMap<>(components.length * 2);
        try {
            for (RecordComponent component : components) {
                Object value = component.getAccessor().invoke(record);
                parameters.put(component.getName(), value instanceof Enum<?> constant ? constant.name() : value);
            }
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + record.getClass().getName(), e);
        }
        return parameters;
    }

    private static final class ToParameters extends TypeConverterSupport {
        @Override
        public <T> T convertTo(Class<T> type, Exchange exchange, Object value) throws TypeConversionException {
            return type.cast(parameters((SqlParameters) value));
        }
    }
}
