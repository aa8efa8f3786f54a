package io.malipo.payments;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.common.SqlFiles;
import io.malipo.payments.Transfer.Kind;
import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TransferKindTest {

    @Test
    void eachKindReadsItsOwnRecordAndNamesOnlyFilesThatExist() {
        for (Kind kind : Kind.values()) {
            assertThat(kind.sql().selectUri()).endsWith("&outputClass=" + kind.rowType().getName())
                    .contains("/select-" + kind.noun() + ".sql?");
            for (RecordComponent statement : Kind.Statements.class.getRecordComponents()) {
                String value = (String) invoke(statement, kind.sql());
                String path = value.startsWith("sql:classpath:sql/")
                        ? value.substring("sql:classpath:sql/".length()).replaceFirst("\\?.*", "") : value;
                assertThat(path).as(kind + " " + statement.getName()).contains(kind.noun());
                assertThat(SqlFiles.load(path)).isNotBlank();
            }
        }
    }

    @Test
    void aReferenceNamesItsKindByItsPrefix() {
        assertThat(Kind.ofReference("MLO0123")).contains(Kind.PAYOUT);
        assertThat(Kind.ofReference("MLR0123")).contains(Kind.REVERSAL);
        assertThat(Kind.ofReference("MLP0123")).isEmpty();
        assertThat(Arrays.stream(Kind.values()).map(Kind::referencePrefix).distinct()).hasSize(2);
    }

    private static Object invoke(RecordComponent component, Object record) {
        try {
            return component.getAccessor().invoke(record);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }
}
