package io.malipo.payments;

import io.malipo.channels.ChannelProperties;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.SettlementReport;
import io.malipo.common.ApiException;
import io.malipo.common.SqlFiles;
import io.malipo.common.SqlRecords;
import io.malipo.delivery.WebhookEvent;
import io.malipo.delivery.WebhookEventType;
import io.malipo.ledger.Ledger.Posting;
import io.malipo.payments.Conflicts.Conflict;
import io.malipo.payments.Conflicts.Resolution;
import io.malipo.payments.Transfer.Kind;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The rules of payouts and reversals once they exist that are not SQL: the canonical request
 * their connector receives, and settling them once their provider says, with the postings that
 * give the money back or take it again.
 */
@Component
public class Transfers {

    /**
     * What a report changed.
     *
     * @param transfer the transfer as it is now
     * @param compensation the posting that gives the money back, when it failed
     * @param adjustment the posting that takes the money again, when the provider carried it out after it had failed
     */
    public record Settled(Transfer transfer, SettlementReport report, Posting compensation, Posting adjustment) {
    }

    /** The {@link Kind} of the transfer a route works on. */
    static final String KIND = "malipoTransferKind";
    /** The id of the transfer a route works on. */
    static final String ID = "malipoTransferId";
    /** The {@link Transfer} as stored, once read. */
    static final String ROW = "malipoTransfer";
    /** The {@link Settled} change a report made, when it made one. */
    static final String SETTLED = "malipoTransferSettled";
    private static final Logger LOG = LoggerFactory.getLogger(Transfers.class);

    private final Payments payments;
    private final ChannelProperties properties;
    private final NamedParameterJdbcTemplate jdbc;
    private final Counter unconfirmed;
    private final Conflicts conflicts;

    public Transfers(Payments payments, ChannelProperties properties, NamedParameterJdbcTemplate jdbc,
            MeterRegistry meters, Conflicts conflicts) {
        this.payments = payments;
        this.properties = properties;
        this.jdbc = jdbc;
        this.conflicts = conflicts;
        this.unconfirmed = Counter.builder("malipo.outgoing.unconfirmed")
                .description("Checks of payouts and reversals still unconfirmed past the give-up time")
                .register(meters);
    }

    /**
     * Sets the canonical request properties a connector's payout or reversal route reads, from the
     * stored transfer: those of any request, the kind, and for a reversal the payment it sends back.
     */
    public void request(Exchange exchange, Transfer transfer) {
        payments.request(exchange, transfer);
        exchange.setProperty(ROW, transfer);
        exchange.setProperty(PaymentProperties.TRANSACTION_KIND, transfer.kind().name());
        if (transfer instanceof Reversal reversal) {
            exchange.setProperty(PaymentProperties.ORIGINAL_REFERENCE, reversal.paymentReference());
            exchange.setProperty(PaymentProperties.ORIGINAL_PROVIDER_REF, reversal.paymentProviderRef());
            exchange.setProperty(PaymentProperties.PARTIAL_REVERSAL,
                    reversal.amount().compareTo(reversal.paymentAmount()) < 0);
        }
    }

    /**
     * Settles a transfer by a final report, inside the caller's transaction: locks it (a reversal
     * after its payment, as creating one does, so reversals of one payment settle in turn),
     * records the report once (a repeat stops here), and applies the {@link Transition} the report
     * makes from its status. Property {@value #SETTLED} out when the transfer changed: its
     * postings and its webhook event follow.
     */
    public void settle(Exchange exchange) {
        SettlementReport report = exchange.getIn().getBody(SettlementReport.class);
        Kind kind = Kind.ofReference(report.reference()).orElseThrow(() -> new IllegalArgumentException(
                "report " + report.eventKey() + " names no payout or reversal"));
        exchange.setProperty(KIND, kind);
        UUID id = report.paymentId() != null ? report.paymentId()
                : idOf(kind, report.reference(), report.provider()).orElse(null);
        ReversiblePayment payment = null;
        if (id != null && kind == Kind.REVERSAL) {
            UUID paymentId = jdbc.queryForList(SqlFiles.load("payments/select-reversal-payment.sql"), Map.of("id", id),
                    UUID.class).stream().findFirst().orElse(null);
            payment = paymentId == null ? null : jdbc.query(SqlFiles.load("payments/lock-payment.sql"),
                    Map.of("paymentId", paymentId), SqlRecords.rows(ReversiblePayment.class)).stream().findFirst()
                    .orElse(null);
        }
        boolean locked = id != null
                && !jdbc.queryForList(SqlFiles.load(kind.sql().lock()), Map.of("id", id), UUID.class).isEmpty();
        if (!locked) {
            LOG.warn("Provider {} reported {} for {} {}, which Malipo does not know", report.provider(),
                    report.outcome(), kind.noun(), report.reference());
            return;
        }
        Transfer transfer = read(kind, id);
        if (transfer.livemode() != report.livemode()) {
            throw new ApiException(403, "wrong_mode", "This report is signed for " + (report.livemode() ? "live" : "test")
                    + " mode; the " + kind.noun() + " it names is not.");
        }
        exchange.setProperty(ID, id);
        if (!ProviderEvent.of(report, id, report.outcome().name(), payments.now()).claim(jdbc)) {
            return;
        }
        switch (Transition.of(transfer.status(), report.outcome())) {
            case SETTLE -> exchange.setProperty(SETTLED, settleInFlight(transfer, report));
            case LATE_SUCCESS -> exchange.setProperty(SETTLED, succeededLate(transfer, payment, report));
            case REPEAT -> LOG.info("{} {} had already {}; report {} changed nothing", kind.noun(), id,
                    transfer.status(), report.eventKey());
            case LATE_FAILURE -> conflicts.record(conflict(transfer, report, Resolution.NEEDS_REVIEW,
                    "The provider reported a failure (" + report.failureCode() + ") of a " + kind.noun()
                            + " Malipo had recorded as SUCCEEDED; nothing was changed: check with the provider whether"
                            + " the money came back, and credit the merchant if it did."), payments.now());
        }
    }

    /** The transfer of this kind Malipo sent to {@code provider} under {@code reference}, as stored. */
    Optional<Transfer> find(Kind kind, String reference, String provider) {
        return idOf(kind, reference, provider).map(id -> read(kind, id));
    }

    private Optional<UUID> idOf(Kind kind, String reference, String provider) {
        return jdbc.queryForList(SqlFiles.load(kind.sql().selectByReference()),
                Map.of("reference", reference, "provider", provider), UUID.class).stream().findFirst();
    }

    private Transfer read(Kind kind, UUID id) {
        return jdbc.query(SqlFiles.load(kind.sql().select()), Map.of("id", id), SqlRecords.rows(kind.rowType()))
                .get(0);
    }

    private Settled settleInFlight(Transfer transfer, SettlementReport report) {
        Kind kind = transfer.kind();
        boolean succeeded = report.outcome() == PaymentResult.SUCCEEDED;
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("id", transfer.id());
        update.put("status", (succeeded ? PaymentStatus.SUCCEEDED : PaymentStatus.FAILED).name());
        update.put("providerRef", report.providerRef());
        update.put("failureCode", succeeded ? null : report.failureCode());
        update.put("failureMessage", succeeded ? null : report.failureMessage());
        update.put("released", report.uncounted());
        update.put("now", payments.now());
        if (jdbc.update(SqlFiles.load(kind.sql().updateSettled()), update) == 0) {
            throw new IllegalStateException(kind.noun() + " " + transfer.id() + " left flight under its row lock");
        }
        if (transfer instanceof Reversal reversal) {
            Map<String, Object> params = Map.of("paymentId", reversal.paymentId(), "amount", reversal.amount(),
                    "now", payments.now());
            jdbc.update(SqlFiles.load(succeeded ? "payments/update-payment-reversed.sql"
                    : "payments/update-payment-reversal-released.sql"), params);
        }
        return new Settled(read(kind, transfer.id()), report,
                succeeded ? null : transfer.debit(payments.now()).reversed(), null);
    }

    /**
     * The provider carried out a transfer that had failed and given its money back: the money
     * left after all, so it is taken from the balance again (even below zero) and the transfer
     * is SUCCEEDED; a reversal counts against its payment again.
     */
    private Settled succeededLate(Transfer transfer, ReversiblePayment payment, SettlementReport report) {
        Kind kind = transfer.kind();
        jdbc.update(SqlFiles.load(kind.sql().updateSucceededLate()), Map.of("id", transfer.id(),
                "providerRef", report.providerRef(), "now", payments.now()));
        Resolution resolution = Resolution.LEDGER_ADJUSTMENT;
        String detail = "The provider reported " + kind.noun() + " " + transfer.reference()
                + " carried out after it had failed (" + transfer.failureCode() + ") and its money had been given "
                + "back to the merchant; it is taken from the merchant's balance again.";
        if (transfer instanceof Reversal reversal && payment != null) {
            BigDecimal after = payment.amountReversed().add(reversal.amount());
            if (after.compareTo(payment.amount()) > 0) {
                resolution = Resolution.NEEDS_REVIEW;
                detail += " The payer has now been sent " + after.subtract(payment.amount()).toPlainString() + " "
                        + reversal.currency() + " more than they paid: recover it.";
            }
            Map<String, Object> params = Map.of("paymentId", payment.id(), "amount", reversal.amount(),
                    "now", payments.now());
            jdbc.update(SqlFiles.load("payments/update-payment-reversal-late.sql"), params);
            jdbc.update(SqlFiles.load("payments/update-payment-reversed.sql"), params);
        }
        conflicts.record(conflict(transfer, report, resolution, detail), payments.now());
        return new Settled(read(kind, transfer.id()), report, null, transfer.debit(payments.now()));
    }

    private static Conflict conflict(Transfer transfer, SettlementReport report, Resolution resolution,
            String detail) {
        return new Conflict(transfer.merchantId(), transfer.livemode(), transfer.kind().name(), transfer.id(),
                report.provider(), report.eventKey(), transfer.status().name(), report.outcome(),
                report.providerRef(), resolution, null, detail);
    }

    /**
     * After a status query: a final answer to settle, or the next check. A transfer never fails
     * for silence alone: the money may have left. Past the give-up time it is flagged to
     * operations (a warning and a metric) at every check instead.
     */
    public void decide(Exchange exchange) {
        Transfer transfer = exchange.getProperty(ROW, Transfer.class);
        if (PaymentResult.of(exchange).isFinal()) {
            exchange.getIn().setBody(SettlementReport.queried(exchange, transfer.id(), transfer.reference(),
                    transfer.provider(), transfer.livemode()));
            return;
        }
        if (transfer.status() == PaymentStatus.PENDING
                && transfer.createdAt().plus(properties.giveUpAfter()).isBefore(payments.now())) {
            unconfirmed.increment();
            LOG.warn("{} {} ({}) is still unconfirmed by {} after {}; its money stays reserved until the provider "
                            + "answers: ask the provider about it", transfer.kind().noun(), transfer.id(),
                    transfer.reference(), transfer.provider(), properties.giveUpAfter());
        }
        exchange.getIn().setBody(Map.of("id", transfer.id(), "now", payments.now(),
                "nextCheckAt", payments.now().plus(properties.reconcileEvery())));
    }

    /** The webhook event of a settled transfer; body in: its view. */
    public WebhookEvent event(Exchange exchange) {
        Settled settled = exchange.getProperty(SETTLED, Settled.class);
        Transfer transfer = settled.transfer();
        SettlementReport report = settled.report();
        String type = transfer.kind().noun() + (report.outcome() == PaymentResult.SUCCEEDED ? ".succeeded" : ".failed");
        return new WebhookEvent(transfer.merchantId(), transfer.livemode(), WebhookEventType.of(type).orElseThrow(),
                exchange.getIn().getBody(), transfer.kind().name(), transfer.id(), payments.now());
    }

    public OffsetDateTime now() {
        return payments.now();
    }

    /** Until when a claimed status check keeps other reconciliation runs off. */
    public OffsetDateTime checkLease() {
        return payments.now().plus(properties.reconcileEvery());
    }

    public OffsetDateTime firstCheck() {
        return payments.now().plus(properties.reconcileAfter());
    }
}
