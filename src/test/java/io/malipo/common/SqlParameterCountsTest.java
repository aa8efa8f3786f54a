package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalInt;
import org.apache.camel.component.sql.SqlHelper;
import org.junit.jupiter.api.Test;

class SqlParameterCountsTest {

    /** As a camel-sql endpoint reads its statement: {@code #} is its placeholder for {@code ?}. */
    private static OptionalInt count(String sql, boolean allowNamedParameters) {
        return SqlParameterCounts.count(SqlHelper.resolvePlaceholders(sql, "#"), allowNamedParameters);
    }

    @Test
    void namedParametersAndPlaceholdersCountOnceEach() {
        assertThat(count("UPDATE payment SET status = :#status WHERE id = :#id AND merchant_id = ?", true))
                .isEqualTo(OptionalInt.of(3));
        assertThat(count("SELECT * FROM merchant WHERE id = :#${exchangeProperty.malipoMerchantId}", true))
                .isEqualTo(OptionalInt.of(1));
    }

    @Test
    void questionMarksInLiteralsNamesAndCommentsAreNotParameters() {
        String sql = """
                -- is it due? (a comment)
                SELECT 'what?', "odd?name", 'it''s ?' /* why? /* nested? */ still? */
                FROM t WHERE a = ? AND b = :#b
                """;

        assertThat(count(sql, true)).isEqualTo(OptionalInt.of(2));
    }

    @Test
    void listsStatementsWithoutParametersAndDollarQuotingAreLeftToTheDriver() {
        assertThat(count("SELECT * FROM t WHERE kind IN (:#in:kinds) AND a = :#a", true)).isEmpty();
        assertThat(count("DELETE FROM t", true)).isEmpty();
        assertThat(count("DO $$ BEGIN PERFORM 1; END $$", true)).isEmpty();
    }
}
