package io.malipo.payments;

import io.malipo.channels.PaymentResult;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.SettlementReport;
import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import io.malipo.common.SqlRecords;
import io.malipo.common.SqlFiles;
import io.malipo.ledger.CollectedPayment;
import io.malipo.ledger.Fees;
import io.malipo.payments.Conflicts.Conflict;
import io.malipo.payments.Conflicts.Resolution;
import io.malipo.payments.PaymentOrders.SettledPayment;
import io.malipo.payments.PaymentOrders.TokenOrder;
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
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The steps of settling a payment, run by route payment-settle inside one transaction with the
 * order update, the ledger posting and the outbox rows they cause: find and lock the payment,
 * claim the report's event key (a repeated report stops here), apply the {@link Transition} the
 * report makes from the payment's status, then let the order, the ledger and the deliveries
 * follow. A report that contradicts how the payment ended is never dropped: a late success is
 * recorded and its money goes to the order it was for or back to the payer; a late failure is
 * kept for an operator ({@link Conflicts}).
 */
@Component
public class Settlement {

    static final String REPORT = "malipoSettlementReport";
    static final String PAYMENT = "malipoSettlementPayment";
    static final String NEW_EVENT = "malipoNewEvent";
    static final String APPLIED = "malipoApplied";
    static final String SUCCEEDED = "malipoSucceeded";
    static final String TRANSITION = "malipoTransition";
    private static final Logger LOG = LoggerFactory.getLogger(Settlement.class);
    private static final RowMapper<StoredPayment> ROWS = SqlRecords.rows(StoredPayment.class);

    private final NamedParameterJdbcTemplate jdbc;
    private final Payments payments;
    private final Fees fees;
    private final Conflicts conflicts;
    private final PaymentOrders orders;
    private final Counter orphaned;
    private final Counter unmatched;

    public Settlement(NamedParameterJdbcTemplate jdbc, Payments payments, Fees fees, Conflicts conflicts,
            PaymentOrders orders, MeterRegistry meters) {
        this.jdbc = jdbc;
        this.orders = orders;
        this.payments = payments;
        this.fees = fees;
        this.conflicts = conflicts;
        this.orphaned = Counter.builder("malipo.payments.orphaned")
                .description("Payments that succeeded for an order that was already final: to be reversed")
                .register(meters);
        this.unmatched = Counter.builder("malipo.provider.notifications.unmatched")
                .description("Provider reports naming no known payment or payment token")
                .register(meters);
    }

    /** Reads the report; for a payment made with a payment token, asks for the order next. */
    public void prepare(Exchange exchange) {
        SettlementReport report = exchange.getIn().getBody(SettlementReport.class);
        exchange.setProperty(REPORT, report);
        exchange.setProperty(PaymentProperties.PAYMENT_TOKEN, report.paymentToken());
    }

    /** The payment the report names, locked, which must be of the report's mode. */
    public void findPayment(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        List<StoredPayment> rows = report.paymentId() != null
                ? jdbc.query(SqlFiles.load("payments/select-payment-for-settlement.sql"),
                        Map.of("paymentId", report.paymentId()), ROWS)
                : jdbc.query(SqlFiles.load("payments/select-payment-by-reference-for-settlement.sql"),
                        Map.of("reference", String.valueOf(report.reference()), "provider", report.provider()), ROWS);
        if (!rows.isEmpty()) {
            requireMode(report, rows.get(0));
            exchange.setProperty(PAYMENT, rows.get(0));
        }
    }

    /**
     * A payment the payer made on their own with an order's payment token (the order found by
     * checkout, if any): stored by the first report of its provider transaction, and
     * found again, locked, by every later one, so a FAILED report followed by a SUCCESS names
     * one payment.
     */
    public void manualPayment(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        TokenOrder order = orders.byPaymentToken(report.paymentToken(), report.livemode()).orElse(null);
        if (order == null) {
            return;
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", UUID.randomUUID());
        row.put("merchantId", order.merchantId());
        row.put("livemode", report.livemode());
        row.put("orderUuid", order.id());
        row.put("provider", report.provider());
        row.put("amount", report.amount());
        row.put("currency", report.currency() == null ? order.currency() : report.currency());
        row.put("msisdn", report.msisdn());
        row.put("transid", report.providerRef());
        row.put("reference", "MLP" + RandomTokens.crockford(16));
        row.put("providerRef", report.providerRef());
        row.put("now", payments.now());
        jdbc.update(SqlFiles.load("payments/insert-manual-payment.sql"), row);
        StoredPayment payment = jdbc.query(
                SqlFiles.load("payments/select-payment-by-order-transid-for-settlement.sql"),
                Map.of("orderUuid", order.id(), "transid", String.valueOf(report.providerRef())), ROWS).stream()
                .findFirst().orElseThrow(() -> new IllegalStateException("the payment of provider transaction "
                        + report.providerRef() + " was neither stored nor found"));
        requireMode(report, payment);
        exchange.setProperty(PAYMENT, payment);
    }

    /** The payment's order follows it; a success the order could not take is orphaned (its money goes back). */
    public void orderFollows(Exchange exchange) {
        boolean orphaned = orders.settled(new SettledPayment(exchange.getProperty(PaymentProperties.ORDER_UUID,
                UUID.class), exchange.getProperty(PaymentProperties.PAYMENT_ID, UUID.class),
                exchange.getProperty(PaymentProperties.OUTCOME, PaymentResult.class),
                Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.UNCOUNTED, Boolean.class)),
                exchange.getProperty(PaymentProperties.AMOUNT, BigDecimal.class),
                exchange.getProperty(PaymentProperties.CURRENCY, String.class)));
        if (orphaned) {
            exchange.setProperty(PaymentProperties.ORPHANED, true);
        }
    }

    /** Claims the report's event key; a report seen before stops the settlement here. */
    public void recordEvent(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        StoredPayment payment = exchange.getProperty(PAYMENT, StoredPayment.class);
        boolean first = ProviderEvent.of(report, payment == null ? null : payment.id(),
                payment == null ? "UNMATCHED" : report.outcome().name(), payments.now()).claim(jdbc);
        exchange.setProperty(NEW_EVENT, first);
        if (first && payment == null) {
            unmatched.increment();
            LOG.warn("Provider {} reported {} for {} which names no payment; recorded as event {}",
                    report.provider(), report.outcome(), report.paymentToken() != null ? "a payment token" : "reference "
                            + report.reference(), report.eventKey());
            exchange.setProperty(NEW_EVENT, false);
        }
    }

    /**
     * Applies the report's transition to the locked payment. Property {@value #APPLIED} out: true
     * when the payment changed (settled, or succeeded late), so the order, the ledger and the
     * deliveries follow.
     */
    public void apply(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        StoredPayment payment = exchange.getProperty(PAYMENT, StoredPayment.class);
        Transition transition = Transition.of(payment.status(), report.outcome());
        boolean succeeded = report.outcome() == PaymentResult.SUCCEEDED;
        BigDecimal amount = payment.amount();
        BigDecimal fee = succeeded ? fees.fee("COLLECTION", payment.currency(), payment.channel(),
                payment.provider(), amount) : null;
        exchange.setProperty(TRANSITION, transition);
        exchange.setProperty(APPLIED, false);
        exchange.setProperty(SUCCEEDED, succeeded);
        exchange.setProperty(PaymentProperties.UNCOUNTED, report.uncounted());
        exchange.setProperty(PaymentProperties.AMOUNT, amount);
        exchange.setProperty(PaymentProperties.CURRENCY, payment.currency());
        exchange.setProperty(PaymentProperties.PAYMENT_ID, payment.id());
        exchange.setProperty(PaymentProperties.ORDER_UUID, payment.checkoutOrder());
        exchange.setProperty(PaymentProperties.OUTCOME, succeeded ? PaymentResult.SUCCEEDED : PaymentResult.FAILED);
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("paymentId", payment.id());
        update.put("status", (succeeded ? PaymentStatus.SUCCEEDED : PaymentStatus.FAILED).name());
        update.put("fee", fee);
        update.put("providerRef", report.providerRef());
        update.put("failureCode", succeeded ? null : report.failureCode());
        update.put("failureMessage", succeeded ? null : report.failureMessage());
        update.put("released", report.uncounted());
        update.put("now", payments.now());
        boolean applied = switch (transition) {
            case SETTLE -> jdbc.update(SqlFiles.load("payments/update-payment-settled.sql"), update) == 1;
            case LATE_SUCCESS -> jdbc.update(SqlFiles.load("payments/update-payment-succeeded-late.sql"), update) == 1;
            case REPEAT -> {
                LOG.info("Payment {} had already {}; report {} from {} changed nothing", payment.id(),
                        payment.status(), report.eventKey(), report.provider());
                yield false;
            }
            case LATE_FAILURE -> {
                conflicts.record(conflict(report, payment, Resolution.NEEDS_REVIEW, null,
                        "The provider reported a failure (" + report.failureCode() + ") of a payment Malipo had "
                                + "recorded as " + payment.status() + "; nothing was changed: check "
                                + "with the provider whether the money was taken back."), payments.now());
                yield false;
            }
        };
        exchange.setProperty(APPLIED, applied);
        if (applied && succeeded) {
            exchange.getIn().setBody(new CollectedPayment(payment.id(), payment.merchantId(), payment.livemode(),
                    payment.currency(), amount, fee, payment.provider(), (OffsetDateTime) update.get("now")));
        }
    }

    /**
     * A late success of a payment that paid no order (a token-API collection): its merchant was
     * told it failed and may have collected again, so the money goes back to the payer.
     */
    public void orphanLateCollection(Exchange exchange) {
        if (exchange.getProperty(TRANSITION) == Transition.LATE_SUCCESS
                && exchange.getProperty(PaymentProperties.ORDER_UUID) == null) {
            exchange.setProperty(PaymentProperties.ORPHANED, true);
        }
    }

    /**
     * After the payment's consequences: money an order could not take, and every late success,
     * are recorded for operations with what was done about them.
     */
    public void conclude(Exchange exchange) {
        boolean orphan = Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.ORPHANED, Boolean.class));
        boolean late = exchange.getProperty(TRANSITION) == Transition.LATE_SUCCESS;
        if (!orphan && !late) {
            return;
        }
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        StoredPayment payment = exchange.getProperty(PAYMENT, StoredPayment.class);
        UUID reversal = exchange.getProperty(TransferRoutes.AUTOMATIC_REVERSAL_ID, UUID.class);
        String detail;
        if (late && !orphan) {
            detail = "The provider reported a success of a payment that had failed (" + payment.failureCode()
                    + "); it completed its order, which was still open.";
        } else if (late) {
            detail = "The provider reported a success of a payment that had failed (" + payment.failureCode()
                    + ") and whose " + (payment.checkoutOrder() == null ? "merchant was told so"
                    : "order could no longer take it") + "; the money is sent back to the payer, fee included.";
        } else {
            detail = "The payment succeeded for an order that was already final or does not match it; the money is "
                    + "sent back to the payer, fee included.";
        }
        if (orphan && payment.checkoutOrder() != null) {
            orphaned.increment();
        }
        conflicts.record(conflict(report, payment, orphan ? Resolution.AUTOMATIC_REVERSAL : Resolution.ORDER_COMPLETED,
                reversal, detail), payments.now());
    }

    private static Conflict conflict(SettlementReport report, StoredPayment payment, Resolution resolution,
            UUID compensation, String detail) {
        return new Conflict(payment.merchantId(), payment.livemode(), "PAYMENT", payment.id(), report.provider(),
                report.eventKey(), payment.status().name(),
                report.outcome(), report.providerRef(), resolution, compensation, detail);
    }

    private static void requireMode(SettlementReport report, StoredPayment payment) {
        if (payment.livemode() != report.livemode()) {
            throw new ApiException(403, "wrong_mode", "This report is signed for "
                    + (report.livemode() ? "live" : "test") + " mode; the payment it names is not.");
        }
    }
}
