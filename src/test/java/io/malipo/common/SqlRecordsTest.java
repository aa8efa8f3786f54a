package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.apache.camel.impl.DefaultCamelContext;
import org.junit.jupiter.api.Test;

class SqlRecordsTest {

    record Charge(UUID id, BigDecimal amount, String note) implements SqlParameters {
    }

    @Test
    void aParametersRecordReachesCamelSqlAsTheMapOfItsComponentsNullsIncluded() throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            new SqlRecords(camel);
            camel.start();
            UUID id = UUID.randomUUID();
            Map<?, ?> parameters = camel.getTypeConverter().tryConvertTo(Map.class,
                    new Charge(id, new BigDecimal("1500.00"), null));
            Map<String, Object> expected = new HashMap<>();
            expected.put("id", id);
            expected.put("amount", new BigDecimal("1500.00"));
            expected.put("note", null);
            assertThat(parameters).isEqualTo(expected);
        }
    }

    @Test
    void anyOtherBodyIsNoMapToCamelSql() throws Exception {
        try (CamelContext camel = new DefaultCamelContext()) {
            new SqlRecords(camel);
            camel.start();
            assertThat(camel.getTypeConverter().tryConvertTo(Map.class, new Object())).isNull();
        }
    }
}
