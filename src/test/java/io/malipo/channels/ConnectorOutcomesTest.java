package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

/** malipoOutcome as connectors set it: text that is a PushAnswer after a request, a PaymentResult after a report. */
class ConnectorOutcomesTest {

    private final CamelContext camel = new DefaultCamelContext();

    @Test
    void aRequestIsAnsweredWithAPushAnswerAndNothingElse() {
        assertThat(PushAnswer.of(outcome("ACCEPTED"))).isEqualTo(PushAnswer.ACCEPTED);
        assertThat(PushAnswer.of(outcome(PushAnswer.UNAVAILABLE))).isEqualTo(PushAnswer.UNAVAILABLE);
        assertThatThrownBy(() -> PushAnswer.of(outcome("SUCCEEDED"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("connector push-ussd answered a request with SUCCEEDED");
        assertThatThrownBy(() -> PushAnswer.of(outcome(null))).hasMessageContaining("set no outcome");
    }

    @Test
    void aReportOrStatusIsAPaymentResultAndAQueryThatCouldNotBeMadeLearnedNothing() {
        assertThat(PaymentResult.of(outcome("SUCCEEDED"))).isEqualTo(PaymentResult.SUCCEEDED);
        assertThat(PaymentResult.of(outcome("FAILED")).isFinal()).isTrue();
        assertThat(PaymentResult.of(outcome(PushAnswer.UNAVAILABLE))).isEqualTo(PaymentResult.PENDING);
        assertThat(PaymentResult.of(outcome(null))).isEqualTo(PaymentResult.PENDING);
        assertThatThrownBy(() -> PaymentResult.of(outcome("ACCEPTED"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("reported ACCEPTED");
    }

    private Exchange outcome(Object value) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(PaymentProperties.CONNECTOR, "push-ussd");
        exchange.setProperty(PaymentProperties.OUTCOME, value);
        return exchange;
    }
}
