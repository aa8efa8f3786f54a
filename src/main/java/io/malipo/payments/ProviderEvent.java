package io.malipo.payments;

import io.malipo.channels.PaymentProperties;
import io.malipo.channels.PushAnswer;
import io.malipo.channels.SettlementReport;
import io.malipo.common.SqlFiles;
import io.malipo.common.SqlParameters;
import io.malipo.common.SqlRecords;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * A provider's report as provider_event keeps it: the first report of an event key settles, every
 * repeat of it changes nothing. The provider's answer to what Malipo sent is kept the same way
 * (event key {@code sent:...}), so a payment's page shows what the provider said and when.
 *
 * @param paymentId the payment, payout or reversal it names; null when it names none Malipo knows
 * @param outcome what it reported (a PaymentResult, or a PushAnswer for the answer to a request), or UNMATCHED
 * @param providerRef and {@code failureCode}, {@code failureMessage}: as the provider gave them, cut to their columns
 */
record ProviderEvent(String provider, String eventKey, UUID paymentId, String outcome, String providerRef,
        String failureCode, String failureMessage, OffsetDateTime now) implements SqlParameters {

    ProviderEvent {
        providerRef = cut(providerRef, 64);
        failureCode = cut(failureCode, 32);
        failureMessage = cut(failureMessage, 300);
    }

    /** The event of a report about the payment, payout or reversal {@code id} (null when it names none). */
    static ProviderEvent of(SettlementReport report, UUID id, String outcome, OffsetDateTime now) {
        return new ProviderEvent(report.provider(), report.eventKey(), id, outcome, report.providerRef(),
                report.failureCode(), report.failureMessage(), now);
    }

    /**
     * The provider's answer to a payment, payout or reversal Malipo just sent it, as its connector
     * left it (routes/README.md): one per thing sent, as each is sent once.
     */
    static ProviderEvent answer(Exchange exchange, OffsetDateTime now) {
        return new ProviderEvent(exchange.getProperty(PaymentProperties.PROVIDER, String.class),
                "sent:" + exchange.getProperty(PaymentProperties.PAYMENT_ID),
                exchange.getProperty(PaymentProperties.PAYMENT_ID, UUID.class), PushAnswer.of(exchange).name(),
                exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_CODE, String.class),
                exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class), now);
    }

    /** Claims the event's key in the caller's transaction; false when an earlier report claimed it. */
    boolean claim(NamedParameterJdbcTemplate jdbc) {
        return jdbc.update(SqlFiles.load("payments/insert-provider-event.sql"), SqlRecords.parameters(this)) == 1;
    }

    private static String cut(String text, int most) {
        return text == null || text.length() <= most ? text : text.substring(0, most);
    }
}
