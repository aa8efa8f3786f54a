package io.malipo.payments;

import io.malipo.channels.ChannelProperties;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.SettlementReport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * What to do after asking a provider about a payment it has not reported: settle what it says
 * is final; otherwise ask again later, until the payment has been in flight longer than the
 * give-up time, when it fails as provider_timeout. Malipo failing it says nothing about the
 * payer's account, so a success reported afterwards is still accepted.
 */
@Component
public class Reconciliation {

    /** The payment being checked, as stored. */
    static final String CHECKED = "malipoCheckedPayment";

    private final ChannelProperties properties;
    private final Payments payments;
    private final Clock clock;

    public Reconciliation(ChannelProperties properties, Payments payments, Clock clock) {
        this.properties = properties;
        this.payments = payments;
        this.clock = clock;
    }

    /** Body out: a SettlementReport to settle, or the parameters of the next check. */
    public void decide(Exchange exchange) {
        StoredPayment payment = exchange.getProperty(CHECKED, StoredPayment.class);
        UUID paymentId = payment.id();
        PaymentResult outcome = PaymentResult.of(exchange);
        String provider = payment.provider();
        boolean livemode = payment.livemode();
        String providerRef = exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class);
        if (outcome.isFinal()) {
            exchange.getIn().setBody(SettlementReport.queried(exchange, paymentId, null, provider, livemode));
            return;
        }
        Instant started = payment.createdAt().toInstant();
        // A notification asked about a payment no longer in flight, and the provider has no final word.
        if (payment.status() == PaymentStatus.PENDING && started.plus(properties.giveUpAfter()).isBefore(clock.instant())) {
            exchange.getIn().setBody(new SettlementReport(provider, "timeout:" + paymentId, PaymentResult.FAILED, paymentId,
                    null, null, providerRef, null, null, null, "provider_timeout",
                    "The provider did not report an outcome within " + spoken(properties.giveUpAfter()) + ".",
                    livemode, false));
            return;
        }
        exchange.getIn().setBody(Map.of("paymentId", paymentId, "now", payments.now(),
                "nextCheckAt", payments.now().plus(properties.reconcileEvery())));
    }

    /** "30 minutes", "1 minute", "45 seconds": a give-up time as a payer's message says it. */
    static String spoken(Duration wait) {
        long minutes = wait.toMinutes();
        if (minutes == 0) {
            long seconds = wait.toSeconds();
            return seconds + (seconds == 1 ? " second" : " seconds");
        }
        return minutes + (minutes == 1 ? " minute" : " minutes");
    }
}
