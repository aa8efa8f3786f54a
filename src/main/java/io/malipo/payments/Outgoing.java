package io.malipo.payments;

import io.malipo.channels.Channel;
import io.malipo.channels.ChannelProperties.Provider;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.Outcome;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.SettlementReport;
import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import io.malipo.ledger.Fees;
import io.malipo.ledger.Ledger.Line;
import io.malipo.ledger.Ledger.Posting;
import io.malipo.ledger.Ledger;
import io.malipo.payments.Conflicts.Conflict;
import io.malipo.payments.Conflicts.Resolution;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The rules of money going out (payouts and reversals) that are not SQL: what a new one looks
 * like and what it costs, the postings that take it from the merchant's balance and give it
 * back, the canonical request its connector receives, and settling it once its provider says.
 */
@Component
public class Outgoing {

    static final String MOVEMENT = "malipoMovement";
    static final String MOVEMENT_ID = "malipoMovementId";
    static final String ROW = "malipoMovementRow";
    static final String APPLIED = "malipoMovementApplied";
    static final String COMPENSATION = "malipoCompensation";
    static final String SETTLED = "malipoSettledReport";
    static final String ADJUSTMENT = "malipoAdjustment";
    private static final Logger LOG = LoggerFactory.getLogger(Outgoing.class);

    private final ProviderDirectory providers;
    private final Payments payments;
    private final Fees fees;
    private final ChannelProperties properties;
    private final NamedParameterJdbcTemplate jdbc;
    private final Counter unconfirmed;
    private final Conflicts conflicts;

    public Outgoing(ProviderDirectory providers, Payments payments, Fees fees, ChannelProperties properties,
            NamedParameterJdbcTemplate jdbc, MeterRegistry meters, Conflicts conflicts) {
        this.conflicts = conflicts;
        this.providers = providers;
        this.payments = payments;
        this.fees = fees;
        this.properties = properties;
        this.jdbc = jdbc;
        this.unconfirmed = Counter.builder("malipo.outgoing.unconfirmed")
                .description("Checks of payouts and reversals still unconfirmed past the give-up time")
                .register(meters);
    }

    /** A new payout's row: its provider (named, or serving the number), fee and references. */
    public Map<String, Object> payoutRow(NewPayout payout) {
        String code;
        if (payout.provider() != null) {
            code = payout.provider();
            providers.find(code).filter(p -> p.channel() == Channel.WALLET_PULL)
                    .orElseThrow(() -> ApiException.invalid("provider", "is not a mobile-money provider Malipo "
                            + "knows; payouts go to wallets"));
        } else {
            code = providers.walletProviderFor(payout.msisdn()).orElseThrow(() -> ApiException.invalid("msisdn",
                    "no mobile-money provider Malipo works with serves this number"));
        }
        Provider provider = providers.get(code);
        if (!provider.currencies().contains(payout.currency())) {
            throw ApiException.badRequest("currency_not_supported", provider.name() + " pays out "
                    + String.join(", ", provider.currencies()) + " only, not " + payout.currency() + ".");
        }
        providers.baseUrl(code, payout.livemode());
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", UUID.randomUUID());
        row.put("merchantId", payout.merchantId());
        row.put("livemode", payout.livemode());
        row.put("amount", payout.amount());
        row.put("fee", fees.fee("PAYOUT", payout.currency(), null, code, payout.amount()));
        row.put("currency", payout.currency());
        row.put("msisdn", payout.msisdn());
        row.put("provider", code);
        row.put("merchantReference", payout.merchantReference());
        row.put("description", payout.description());
        row.put("reference", Movement.PAYOUT.referencePrefix() + RandomTokens.crockford(16));
        row.put("now", payments.now());
        return row;
    }

    /**
     * A new reversal's row, given the payment (as sql/payments/select-payment-for-reversal.sql
     * reads it). An automatic one sends everything back and gives Malipo's fee back too.
     */
    public Map<String, Object> reversalRow(Map<String, Object> payment, BigDecimal asked, String reason,
            boolean automatic) {
        String status = Rows.string(payment, "status");
        BigDecimal amount = (BigDecimal) payment.get("amount");
        BigDecimal remaining = amount.subtract((BigDecimal) payment.get("amount_reversed"));
        if (PaymentStatus.valueOf(status) != PaymentStatus.SUCCEEDED) {
            throw ApiException.badRequest("payment_not_reversible", "Only a SUCCEEDED payment can be reversed; this one "
                    + "is " + status + (PaymentStatus.valueOf(status) == PaymentStatus.REVERSED ? " already." : "."));
        }
        BigDecimal reversed = asked == null ? remaining : asked;
        if (reversed.compareTo(remaining) > 0 || reversed.signum() <= 0) {
            throw ApiException.badRequest("reversal_exceeds_payment", "amount: " + reversed.toPlainString()
                    + " is more than can still be reversed of this payment (" + remaining.toPlainString() + " of "
                    + amount.toPlainString() + " " + Rows.string(payment, "currency") + ").");
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", UUID.randomUUID());
        row.put("merchantId", payment.get("merchant_id"));
        row.put("livemode", payment.get("livemode"));
        row.put("paymentId", payment.get("id"));
        row.put("amount", reversed);
        row.put("feeRefunded", automatic && payment.get("fee") != null ? payment.get("fee") : BigDecimal.ZERO.setScale(2));
        row.put("currency", payment.get("currency"));
        row.put("provider", payment.get("provider"));
        row.put("reason", reason);
        row.put("automatic", automatic);
        row.put("reference", Movement.REVERSAL.referencePrefix() + RandomTokens.crockford(16));
        row.put("now", payments.now());
        return row;
    }

    /**
     * What a new movement takes from the merchant's balance: a payout its amount and fee, a
     * reversal its amount less any fee given back.
     */
    public Posting debit(Movement movement, Map<String, Object> row) {
        BigDecimal amount = (BigDecimal) row.get("amount");
        String provider = Ledger.provider((String) row.get("provider"));
        List<Line> lines = movement == Movement.PAYOUT
                ? List.of(new Line(Ledger.MERCHANT, amount.add((BigDecimal) row.get("fee")).negate()),
                        new Line(provider, amount), new Line(Ledger.FEES, (BigDecimal) row.get("fee")))
                : List.of(new Line(Ledger.MERCHANT, amount.subtract((BigDecimal) row.get("feeRefunded")).negate()),
                        new Line(provider, amount), new Line(Ledger.FEES, ((BigDecimal) row.get("feeRefunded")).negate()));
        return new Posting((UUID) row.get("merchantId"), (Boolean) row.get("livemode"), (String) row.get("currency"),
                movement.name(), (UUID) row.get("id"), lines, (OffsetDateTime) row.get("now"));
    }

    /**
     * Sets the canonical request properties a connector's payout or reversal route reads, from the
     * stored row: those of any request, the kind, and for a reversal the payment it sends back.
     */
    public void request(Exchange exchange, Movement movement, Map<String, Object> row) {
        payments.request(exchange, row);
        exchange.setProperty(ROW, row);
        exchange.setProperty(PaymentProperties.TRANSACTION_KIND, movement.name());
        exchange.setProperty(PaymentProperties.ORIGINAL_REFERENCE, Rows.string(row, "payment_reference"));
        exchange.setProperty(PaymentProperties.ORIGINAL_PROVIDER_REF, Rows.string(row, "payment_provider_ref"));
    }

    /** A movement's connector refused it outright, or could not send it: the report that fails it. */
    public SettlementReport sendFailure(Exchange exchange, Movement movement) {
        Outcome outcome = exchange.getProperty(PaymentProperties.OUTCOME, Outcome.class);
        UUID id = exchange.getProperty(MOVEMENT_ID, UUID.class);
        boolean unavailable = outcome == Outcome.UNAVAILABLE;
        return new SettlementReport(exchange.getProperty(PaymentProperties.PROVIDER, String.class),
                "send:" + movement.name() + ":" + id, Outcome.FAILED, id,
                exchange.getProperty(PaymentProperties.REFERENCE, String.class), null,
                exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class), null, null, null,
                unavailable ? "provider_unavailable" : exchange.getProperty(PaymentProperties.FAILURE_CODE, "declined",
                        String.class),
                unavailable ? "The provider could not be reached; nothing was sent."
                        : exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class),
                exchange.getProperty(PaymentProperties.LIVEMODE, Boolean.class), unavailable);
    }

    /**
     * Settles a movement by a final report, inside the caller's transaction: locks it (a reversal
     * after its payment, as creating one does, so reversals of one payment settle in turn),
     * records the report once (a repeat stops here), and applies the {@link Transition} the report
     * makes from its status. Properties out: {@value #COMPENSATION}, the posting that gives the
     * money back when it failed; {@value #ADJUSTMENT}, the posting that takes it again when the
     * provider carried it out after it had failed; {@value #APPLIED}, true when the movement
     * changed, so its webhook event follows.
     */
    @SuppressWarnings("unchecked")
    public void settle(Exchange exchange) {
        SettlementReport report = exchange.getIn().getBody(SettlementReport.class);
        Movement movement = Movement.ofReference(report.reference()).orElseThrow(() -> new IllegalArgumentException(
                "report " + report.eventKey() + " names no payout or reversal"));
        exchange.setProperty(MOVEMENT, movement);
        exchange.setProperty(APPLIED, false);
        UUID id = report.paymentId() != null ? report.paymentId() : jdbc.queryForList(
                SqlFiles.load(movement.sql().selectByReference()),
                Map.of("reference", report.reference(), "provider", report.provider()), UUID.class)
                .stream().findFirst().orElse(null);
        Map<String, Object> payment = null;
        if (id != null && movement == Movement.REVERSAL) {
            UUID paymentId = jdbc.queryForList(SqlFiles.load("payments/select-reversal-payment.sql"), Map.of("id", id),
                    UUID.class).stream().findFirst().orElse(null);
            payment = paymentId == null ? null : jdbc.queryForList(SqlFiles.load("payments/lock-payment.sql"),
                    Map.of("paymentId", paymentId)).stream().findFirst().orElse(null);
        }
        Map<String, Object> row = id == null ? null : jdbc.queryForList(SqlFiles.load(
                movement.sql().selectForSettlement()),
                Map.of("id", id)).stream().findFirst().orElse(null);
        if (row == null) {
            LOG.warn("Provider {} reported {} for {} {}, which Malipo does not know", report.provider(),
                    report.outcome(), movement.noun(), report.reference());
            return;
        }
        if (Rows.bool(row, "livemode") != report.livemode()) {
            throw new ApiException(403, "wrong_mode", "This report is signed for " + (report.livemode() ? "live" : "test")
                    + " mode; the " + movement.noun() + " it names is not.");
        }
        exchange.setProperty(MOVEMENT_ID, id);
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("provider", report.provider());
        event.put("eventKey", report.eventKey());
        event.put("paymentId", id);
        event.put("outcome", report.outcome().name());
        event.put("now", payments.now());
        if (jdbc.update(SqlFiles.load("payments/insert-provider-event.sql"), event) == 0) {
            return;
        }
        String status = Rows.string(row, "status");
        switch (Transition.of(status, report.outcome())) {
            case SETTLE -> settleInFlight(exchange, movement, row, report);
            case LATE_SUCCESS -> succeededLate(exchange, movement, row, payment, report);
            case REPEAT -> LOG.info("{} {} had already {}; report {} changed nothing", movement.noun(), id, status,
                    report.eventKey());
            case LATE_FAILURE -> conflicts.record(conflict(movement, row, report, Resolution.NEEDS_REVIEW,
                    "The provider reported a failure (" + report.failureCode() + ") of a " + movement.noun()
                            + " Malipo had recorded as SUCCEEDED; nothing was changed: check with the provider whether"
                            + " the money came back, and credit the merchant if it did."), payments.now());
        }
    }

    private void settleInFlight(Exchange exchange, Movement movement, Map<String, Object> row,
            SettlementReport report) {
        UUID id = Rows.uuid(row, "id");
        boolean succeeded = report.outcome() == Outcome.SUCCEEDED;
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("id", id);
        update.put("status", (succeeded ? PaymentStatus.SUCCEEDED : PaymentStatus.FAILED).name());
        update.put("providerRef", report.providerRef());
        update.put("failureCode", succeeded ? null : report.failureCode());
        update.put("failureMessage", succeeded ? null : report.failureMessage());
        update.put("released", report.uncounted());
        update.put("now", payments.now());
        if (jdbc.update(SqlFiles.load(movement.sql().updateSettled()), update) == 0) {
            throw new IllegalStateException(movement.noun() + " " + id + " left flight under its row lock");
        }
        applied(exchange, movement, row, report);
        Map<String, Object> params = new LinkedHashMap<>(Map.of("paymentId", row.getOrDefault("payment_id", id),
                "now", payments.now()));
        if (succeeded) {
            if (movement == Movement.REVERSAL) {
                jdbc.update(SqlFiles.load("payments/update-payment-reversed.sql"), params);
            }
            return;
        }
        Posting original = debit(movement, debited(row));
        exchange.setProperty(COMPENSATION, new Posting(original.merchantId(), original.livemode(), original.currency(),
                original.sourceType(), original.sourceId(), original.lines().stream()
                        .map(l -> new Line(l.account(), l.amount().negate())).toList(), original.now()));
        if (movement == Movement.REVERSAL) {
            params.put("amount", row.get("amount"));
            jdbc.update(SqlFiles.load("payments/update-payment-reversal-released.sql"), params);
        }
    }

    /**
     * The provider carried out a movement that had failed and given its money back: the money
     * left after all, so it is taken from the balance again (even below zero) and the movement
     * is SUCCEEDED; a reversal counts against its payment again.
     */
    private void succeededLate(Exchange exchange, Movement movement, Map<String, Object> row,
            Map<String, Object> payment, SettlementReport report) {
        UUID id = Rows.uuid(row, "id");
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("id", id);
        update.put("providerRef", report.providerRef());
        update.put("now", payments.now());
        jdbc.update(SqlFiles.load(movement.sql().updateSucceededLate()), update);
        applied(exchange, movement, row, report);
        exchange.setProperty(ADJUSTMENT, debit(movement, debited(row)));
        Resolution resolution = Resolution.LEDGER_ADJUSTMENT;
        String detail = "The provider reported " + movement.noun() + " " + Rows.string(row, "reference")
                + " carried out after it had failed (" + row.get("failure_code") + ") and its money had been given "
                + "back to the merchant; it is taken from the merchant's balance again.";
        if (movement == Movement.REVERSAL && payment != null) {
            BigDecimal amount = (BigDecimal) row.get("amount");
            BigDecimal after = ((BigDecimal) payment.get("amount_reversed")).add(amount);
            if (after.compareTo((BigDecimal) payment.get("amount")) > 0) {
                resolution = Resolution.NEEDS_REVIEW;
                detail += " The payer has now been sent " + after.subtract((BigDecimal) payment.get("amount"))
                        .toPlainString() + " " + row.get("currency") + " more than they paid: recover it.";
            }
            Map<String, Object> params = Map.of("paymentId", payment.get("id"), "amount", amount,
                    "now", payments.now());
            jdbc.update(SqlFiles.load("payments/update-payment-reversal-late.sql"), params);
            jdbc.update(SqlFiles.load("payments/update-payment-reversed.sql"), params);
        }
        conflicts.record(conflict(movement, row, report, resolution, detail), payments.now());
    }

    private void applied(Exchange exchange, Movement movement, Map<String, Object> row, SettlementReport report) {
        Map<String, Object> full = jdbc.queryForList(SqlFiles.load(movement.sql().select()),
                Map.of("id", row.get("id"))).get(0);
        exchange.setProperty(APPLIED, true);
        exchange.setProperty(ROW, full);
        exchange.setProperty(SETTLED, report);
    }

    /** What the movement took from the balance when it was made, as {@link #debit} reads it. */
    private Map<String, Object> debited(Map<String, Object> row) {
        Map<String, Object> debited = new LinkedHashMap<>();
        debited.put("id", row.get("id"));
        debited.put("merchantId", row.get("merchant_id"));
        debited.put("livemode", row.get("livemode"));
        debited.put("currency", row.get("currency"));
        debited.put("provider", row.get("provider"));
        debited.put("amount", row.get("amount"));
        debited.put("fee", row.get("fee"));
        debited.put("feeRefunded", row.get("fee_refunded"));
        debited.put("now", payments.now());
        return debited;
    }

    private static Conflict conflict(Movement movement, Map<String, Object> row, SettlementReport report,
            Resolution resolution, String detail) {
        return new Conflict(Rows.uuid(row, "merchant_id"), Rows.bool(row, "livemode"), movement.name(),
                Rows.uuid(row, "id"), report.provider(), report.eventKey(), Rows.string(row, "status"),
                report.outcome(), report.providerRef(), resolution, null, detail);
    }

    /**
     * After a status query: a final answer to settle, or the next check. A movement never fails
     * for silence alone: the money may have left. Past the give-up time it is flagged to
     * operations (a warning and a metric) at every check instead.
     */
    @SuppressWarnings("unchecked")
    public void decide(Exchange exchange) {
        Movement movement = exchange.getProperty(MOVEMENT, Movement.class);
        Map<String, Object> row = exchange.getProperty(ROW, Map.class);
        UUID id = Rows.uuid(row, "id");
        Outcome outcome = exchange.getProperty(PaymentProperties.OUTCOME, Outcome.PENDING, Outcome.class);
        if (outcome == Outcome.SUCCEEDED || outcome == Outcome.FAILED) {
            exchange.getIn().setBody(new SettlementReport(Rows.string(row, "provider"),
                    "status:" + id + ":" + outcome, outcome, id, Rows.string(row, "reference"), null,
                    exchange.getProperty(PaymentProperties.PROVIDER_REF, String.class), null, null, null,
                    exchange.getProperty(PaymentProperties.FAILURE_CODE, String.class),
                    exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class), Rows.bool(row, "livemode"),
                    false));
            return;
        }
        if (Rows.instant(row, "created_at").plus(properties.giveUpAfter()).isBefore(payments.now().toInstant())) {
            unconfirmed.increment();
            LOG.warn("{} {} ({}) is still unconfirmed by {} after {}; its money stays reserved until the provider "
                            + "answers: ask the provider about it", movement.noun(), id, Rows.string(row, "reference"),
                    Rows.string(row, "provider"), properties.giveUpAfter());
        }
        exchange.getIn().setBody(Map.of("id", id, "now", payments.now(),
                "nextCheckAt", payments.now().plus(properties.reconcileEvery())));
    }

    /** The webhook event of a settled movement; body in: its view. */
    @SuppressWarnings("unchecked")
    public Map<String, Object> event(Exchange exchange) {
        Movement movement = exchange.getProperty(MOVEMENT, Movement.class);
        Map<String, Object> row = exchange.getProperty(ROW, Map.class);
        SettlementReport report = exchange.getProperty(SETTLED, SettlementReport.class);
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("merchantId", row.get("merchant_id"));
        event.put("livemode", row.get("livemode"));
        event.put("type", movement.noun() + (report.outcome() == Outcome.SUCCEEDED ? ".succeeded" : ".failed"));
        event.put("object", exchange.getIn().getBody());
        event.put("sourceType", movement.name());
        event.put("sourceId", row.get("id"));
        event.put("now", payments.now());
        return event;
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
