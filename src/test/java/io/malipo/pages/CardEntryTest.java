package io.malipo.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.YearMonth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CardEntryTest {

    private static final YearMonth NOW = YearMonth.of(2026, 11);

    @Test
    void aGoodCardAsPeopleTypeItHasNoProblemAndItsExpiryIsMmYy() {
        CardEntry card = new CardEntry("Asha Mrema", "4111 1111-1111 1111", " 1 / 2027 ", "123");
        assertThat(card.problems(NOW)).isEmpty();
        assertThat(card.digits()).isEqualTo("4111111111111111");
        assertThat(card.expiryMmYy()).isEqualTo("01/27");
        assertThat(new CardEntry("A", "5555555555554444", "11/26", "1234").problems(NOW)).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1} {2} {3} -> {4}")
    @CsvSource({
            "'', 4111111111111111, 12/30, 123, name",
            "Asha, 4111111111111112, 12/30, 123, number",
            "Asha, 4111, 12/30, 123, number",
            "Asha, 4111111111111111x, 12/30, 123, number",
            "Asha, 4111111111111111, 13/30, 123, expiry",
            "Asha, 4111111111111111, 1230, 123, expiry",
            "Asha, 4111111111111111, 10/26, 123, expiry",
            "Asha, 4111111111111111, 12/30, 12, csc",
            "Asha, 4111111111111111, 12/30, 12a, csc"})
    void eachMistakeIsNamedByItsField(String name, String number, String expiry, String csc, String field) {
        assertThat(new CardEntry(name, number, expiry, csc).problems(NOW)).containsOnlyKeys(field);
    }

    @Test
    void itsTextNeverCarriesTheNumberOrTheCsc() {
        assertThat(new CardEntry("Asha", "4111111111111111", "12/30", "987").toString())
                .doesNotContain("411111").doesNotContain("987").contains("1111");
    }
}
