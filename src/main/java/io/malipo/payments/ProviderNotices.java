package io.malipo.payments;

import io.malipo.channels.PaymentProperties;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.ProviderNotifications;
import io.malipo.common.SqlFiles;
import io.malipo.common.SqlRecords;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * What a provider's notification may do, once its connector has read what it claims. It is
 * matched to the payment, payout or reversal it names, by Malipo's reference and, where Malipo
 * already has it, the provider's. A signed notification that verifies under the secret of the
 * matched transaction's mode, and names no other amount, settles it as it says; any other is a
 * hint that makes Malipo ask the provider's status operation at once. One that matches nothing
 * changes nothing.
 */
@Component
public class ProviderNotices {

    /** What the notification does. */
    public enum Action {
        /** Settle from what it says (signed, verified, the amount right). */
        SETTLE,
        /** Ask the provider about the transaction it names, and settle from that answer. */
        CHECK,
        /** Nothing: it matches nothing, or claims nothing final. */
        IGNORE
    }

    public static final String ACTION = "malipoNoticeAction";
    /** Set on a status check a notification asked for: it runs at once, whenever the next check was due. */
    static final String HINT = "malipoCheckHint";
    private static final Logger LOG = LoggerFactory.getLogger(ProviderNotices.class);

    private final NamedParameterJdbcTemplate jdbc;
    private final ProviderNotifications notifications;
    private final Transfers transfers;
    private final Counter unmatched;
    private final Counter hints;

    public ProviderNotices(NamedParameterJdbcTemplate jdbc, ProviderNotifications notifications, Transfers transfers,
            MeterRegistry meters) {
        this.jdbc = jdbc;
        this.transfers = transfers;
        this.notifications = notifications;
        this.unmatched = Counter.builder("malipo.provider.notifications.ignored")
                .description("Provider notifications that matched no transaction of theirs, or named another "
                        + "provider reference")
                .register(meters);
        this.hints = Counter.builder("malipo.provider.notifications.hints")
                .description("Provider notifications that were not signed (or not verified) and made Malipo ask the "
                        + "provider instead")
                .register(meters);
    }

    /** Sets {@value #ACTION}, and what the action needs: the mode, and the payment or transfer to check. */
    public void match(Exchange exchange) {
        exchange.setProperty(ACTION, decide(exchange));
    }

    private Action decide(Exchange exchange) {
        String provider = exchange.getProperty(PaymentProperties.PROVIDER, String.class);
        String reference = exchange.getProperty(PaymentProperties.REFERENCE, String.class);
        String providerRef = exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class);
        boolean isFinal = PaymentResult.of(exchange).isFinal();
        if (reference == null || reference.isBlank()) {
            return byToken(exchange, provider, isFinal);
        }
        Optional<ProviderRequest> found = Transfer.Kind.ofReference(reference)
                .<ProviderRequest>flatMap(kind -> transfers.find(kind, reference, provider))
                .or(() -> payment(reference, provider));
        if (found.isEmpty()) {
            unmatched.increment();
            LOG.warn("Provider {} notified about {}, which is none of its transactions; nothing was changed", provider,
                    reference);
            return Action.IGNORE;
        }
        ProviderRequest transaction = found.get();
        String requestRef = exchange.getProperty(ProviderNotifications.REQUEST_REF, String.class);
        boolean namesAnId = providerRef != null || requestRef != null;
        if (transaction.providerRef() != null && namesAnId && !transaction.providerRef().equals(providerRef)
                && !transaction.providerRef().equals(requestRef)) {
            unmatched.increment();
            LOG.warn("Provider {} notified about {} under its transaction {}, but Malipo knows it as {}; nothing was "
                    + "changed", provider, reference, providerRef, transaction.providerRef());
            return Action.IGNORE;
        }
        exchange.setProperty(PaymentProperties.LIVEMODE, transaction.livemode());
        // Nothing was sent of a transfer not sent yet: there is nothing to ask, and asking would send it.
        if (!isFinal || transaction instanceof Transfer transfer && transfer.sentAt() == null) {
            return Action.IGNORE;
        }
        BigDecimal amount = exchange.getProperty(PaymentProperties.AMOUNT, BigDecimal.class);
        boolean sameAmount = amount == null || amount.compareTo(transaction.amount()) == 0;
        if (notifications.verifies(exchange, transaction.livemode()) && sameAmount) {
            return Action.SETTLE;
        }
        if (notifications.signed(exchange) || !sameAmount) {
            LOG.warn("Provider {} notified about {} with {}; Malipo asks the provider instead", provider, reference,
                    sameAmount ? "a signature that does not verify" : "another amount (" + amount + ", not "
                            + transaction.amount() + ")");
        }
        hints.increment();
        exchange.setProperty(HINT, true);
        if (transaction instanceof Transfer transfer) {
            exchange.setProperty(Transfers.KIND, transfer.kind());
            exchange.setProperty(Transfers.ID, transfer.id());
        } else {
            exchange.setProperty(PaymentProperties.PAYMENT_ID, transaction.id());
        }
        return Action.CHECK;
    }

    /**
     * A payment the payer made on their own, quoting an order's payment token: Malipo has nothing
     * to ask the provider about, so only a signed notification can record it, in the mode its
     * signature is of.
     */
    private Action byToken(Exchange exchange, String provider, boolean isFinal) {
        for (boolean livemode : new boolean[] {true, false}) {
            if (notifications.verifies(exchange, livemode)) {
                exchange.setProperty(PaymentProperties.LIVEMODE, livemode);
                return isFinal ? Action.SETTLE : Action.IGNORE;
            }
        }
        unmatched.increment();
        LOG.warn("Provider {} notified about a payment by token without a signature that verifies; a payment by token "
                + "is only recorded from a signed notification, so nothing was changed", provider);
        return Action.IGNORE;
    }

    private Optional<StoredPayment> payment(String reference, String provider) {
        return jdbc.query(SqlFiles.load("payments/select-payment-by-reference.sql"),
                Map.of("reference", reference, "provider", provider), SqlRecords.rows(StoredPayment.class)).stream()
                .filter(Objects::nonNull).findFirst();
    }
}
