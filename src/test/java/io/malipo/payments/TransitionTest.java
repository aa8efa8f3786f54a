package io.malipo.payments;

import io.malipo.channels.PaymentResult;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a provider's final word does, from each status a payment, payout or reversal can have. */
class TransitionTest {

    @ParameterizedTest(name = "{0} + {1} → {2}")
    @CsvSource({
            "PENDING, SUCCEEDED, SETTLE", "PENDING, FAILED, SETTLE",
            "SUCCEEDED, SUCCEEDED, REPEAT", "FAILED, FAILED, REPEAT", "REVERSED, SUCCEEDED, REPEAT",
            "FAILED, SUCCEEDED, LATE_SUCCESS",
            "SUCCEEDED, FAILED, LATE_FAILURE", "REVERSED, FAILED, LATE_FAILURE"})
    void eachStatusAndReportHaveOneTransition(String status, PaymentResult reported, Transition transition) {
        assertThat(Transition.of(status, reported)).isEqualTo(transition);
    }

    @Test
    void onlyFinalWordsSettle() {
        assertThatThrownBy(() -> Transition.of("PENDING", PaymentResult.PENDING)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Transition.of("NEW", PaymentResult.SUCCEEDED)).isInstanceOf(IllegalArgumentException.class);
    }
}
