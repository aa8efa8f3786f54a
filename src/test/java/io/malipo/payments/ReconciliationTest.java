package io.malipo.payments;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ReconciliationTest {

    @ParameterizedTest(name = "{0} → {1}")
    @CsvSource({"PT30M, 30 minutes", "PT1M, 1 minute", "PT90S, 1 minute", "PT45S, 45 seconds", "PT1S, 1 second"})
    void theGiveUpTimeIsSaidInWordsAPayerReads(Duration wait, String words) {
        assertThat(Reconciliation.spoken(wait)).isEqualTo(words);
    }
}
