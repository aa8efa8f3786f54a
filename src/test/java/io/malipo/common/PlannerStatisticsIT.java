package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
