package io.malipo;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.checkout.OrderStatus;
import io.malipo.delivery.DeliveryStatus;
import io.malipo.payments.PaymentStatus;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The state machines, as DESIGN §5 draws them: each status and where it may go next. */
class StatesTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "PENDING | CANCELLED INPROGRESS USERCANCELLED | PENDING",
            "INPROGRESS | CANCELLED COMPLETED PENDING REJECTED | PENDING",
            "COMPLETED | | SUCCESS",
            "CANCELLED | | FAIL",
            "USERCANCELLED | | FAIL",
            "REJECTED | | FAIL"})
    void anOrderMovesOnlyAsTheInterfaceAllowsAndEndsInAFinalStatus(OrderStatus status, String next, String result) {
        assertThat(names(status.next().stream().map(Enum::name).toArray(String[]::new))).isEqualTo(sorted(next));
        assertThat(status.isFinal()).isEqualTo(next == null);
        assertThat(status.result()).isEqualTo(result);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "PENDING | FAILED SUCCEEDED", "FAILED | SUCCEEDED", "SUCCEEDED | REVERSED", "REVERSED | "})
    void aPaymentSettlesOnceAndOnlyALateSuccessOrAFullReversalMovesItAgain(PaymentStatus status, String next) {
        assertThat(names(status.next().stream().map(Enum::name).toArray(String[]::new))).isEqualTo(sorted(next));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "PENDING | DELIVERING PENDING", "DELIVERING | DELIVERED DELIVERING FAILED PENDING",
            "DELIVERED | PENDING", "FAILED | PENDING"})
    void aDeliveryIsClaimedSentAndRescheduledOrResentByAnOperator(DeliveryStatus status, String next) {
        assertThat(names(status.next().stream().map(Enum::name).toArray(String[]::new))).isEqualTo(sorted(next));
    }

    private static String names(String... names) {
        return Arrays.stream(names).sorted().collect(Collectors.joining(" "));
    }

    private static String sorted(String spaced) {
        return spaced == null ? "" : names(spaced.trim().split("\\s+"));
    }
}
