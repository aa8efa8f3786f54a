package io.malipo.channels;

import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import io.malipo.ledger.Fees;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
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
 * The steps of settling a payment, run by route payment-settle inside one transaction with the
 * order update, the ledger posting and the outbox rows they cause: find the payment, claim the
 * report's event key (a repeated report stops here), move the payment out of flight with a
 * compare-and-set (a contradicting late report stops here), then let the order, the ledger and
 * the deliveries follow.
 */
@Component
public class Settlement {

    static final String REPORT = "malipoSettlementReport";
    static final String PAYMENT = "malipoSettlementPayment";
    static final String NEW_EVENT = "malipoNewEvent";
    static final String APPLIED = "malipoApplied";
    static final String SUCCEEDED = "malipoSucceeded";
    private static final Logger LOG = LoggerFactory.getLogger(Settlement.class);

    private final NamedParameterJdbcTemplate jdbc;
    private final Payments payments;
    private final Fees fees;
    private final Counter orphaned;
    private final Counter unmatched;

    public Settlement(NamedParameterJdbcTemplate jdbc, Payments payments, Fees fees, MeterRegistry meters) {
        this.jdbc = jdbc;
        this.payments = payments;
        this.fees = fees;
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
        if (report.paymentToken() != null) {
            exchange.getIn().setBody(Map.of("paymentToken", report.paymentToken(), "livemode", report.livemode()));
        }
    }

    /** The payment the report names, which must be of the report's mode. */
    public void findPayment(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        List<Map<String, Object>> rows = report.paymentId() != null
                ? jdbc.queryForList(SqlFiles.load("payments/select-payment.sql"), Map.of("paymentId", report.paymentId()))
                : jdbc.queryForList(SqlFiles.load("payments/select-payment-by-reference.sql"),
                        Map.of("reference", String.valueOf(report.reference()), "provider", report.provider()));
        if (rows.isEmpty()) {
            return;
        }
        Map<String, Object> payment = rows.get(0);
        if (Rows.bool(payment, "livemode") != report.livemode()) {
            throw new ApiException(403, "wrong_mode", "This report is signed for "
                    + (report.livemode() ? "live" : "test") + " mode; the payment it names is not.");
        }
        exchange.setProperty(PAYMENT, payment);
    }

    /**
     * A payment the payer made on their own with an order's payment token: a new payment of the
     * order (body in: the order found by checkout, or null), already SUCCEEDED or FAILED.
     */
    @SuppressWarnings("unchecked")
    public void manualPayment(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        Map<String, Object> order = exchange.getIn().getBody(Map.class);
        if (order == null) {
            return;
        }
        Map<String, Object> payment = new LinkedHashMap<>();
        payment.put("id", UUID.randomUUID());
        payment.put("merchant_id", order.get("merchant_id"));
        payment.put("livemode", report.livemode());
        payment.put("checkout_order", order.get("id"));
        payment.put("channel", Channel.MANUAL.name());
        payment.put("provider", report.provider());
        payment.put("amount", report.amount());
        payment.put("currency", report.currency() == null ? order.get("currency") : report.currency());
        payment.put("msisdn", report.msisdn());
        payment.put("transid", report.providerRef());
        payment.put("reference", "MLP" + RandomTokens.crockford(16));
        payment.put("status", "NEW");
        exchange.setProperty(PAYMENT, payment);
    }

    /** Claims the report's event key; a report seen before stops the settlement here. */
    public void recordEvent(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> payment = exchange.getProperty(PAYMENT, Map.class);
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("provider", report.provider());
        event.put("eventKey", report.eventKey());
        event.put("paymentId", payment == null ? null : payment.get("id"));
        event.put("outcome", payment == null ? "UNMATCHED" : report.outcome().name());
        event.put("now", payments.now());
        boolean first = jdbc.update(SqlFiles.load("payments/insert-provider-event.sql"), event) == 1;
        exchange.setProperty(NEW_EVENT, first);
        if (first && payment == null) {
            unmatched.increment();
            LOG.warn("Provider {} reported {} for {} which names no payment; recorded as event {}",
                    report.provider(), report.outcome(), report.paymentToken() != null ? "a payment token" : "reference "
                            + report.reference(), report.eventKey());
            exchange.setProperty(NEW_EVENT, false);
        }
    }

    /** Moves the payment out of flight, or stores the payer's own payment; false when it was not in flight. */
    @SuppressWarnings("unchecked")
    public void apply(Exchange exchange) {
        SettlementReport report = exchange.getProperty(REPORT, SettlementReport.class);
        Map<String, Object> payment = exchange.getProperty(PAYMENT, Map.class);
        boolean succeeded = report.outcome() == Outcome.SUCCEEDED;
        BigDecimal amount = (BigDecimal) payment.get("amount");
        BigDecimal fee = succeeded ? fees.fee("COLLECTION", Rows.string(payment, "currency"),
                Rows.string(payment, "channel"), Rows.string(payment, "provider"), amount) : null;
        Map<String, Object> update = new LinkedHashMap<>();
        update.put("paymentId", payment.get("id"));
        update.put("status", succeeded ? "SUCCEEDED" : "FAILED");
        update.put("fee", fee);
        update.put("providerRef", report.providerRef());
        update.put("failureCode", succeeded ? null : report.failureCode());
        update.put("failureMessage", succeeded ? null : report.failureMessage());
        update.put("released", report.uncounted());
        update.put("now", payments.now());
        boolean applied;
        if ("NEW".equals(payment.get("status"))) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", payment.get("id"));
            row.put("merchantId", payment.get("merchant_id"));
            row.put("livemode", payment.get("livemode"));
            row.put("orderUuid", payment.get("checkout_order"));
            row.put("channel", payment.get("channel"));
            row.put("provider", payment.get("provider"));
            row.put("amount", amount);
            row.put("currency", payment.get("currency"));
            row.put("msisdn", payment.get("msisdn"));
            row.put("cardToken", null);
            row.put("transid", payment.get("transid"));
            row.put("merchantReference", null);
            row.put("description", null);
            row.put("reference", payment.get("reference"));
            row.put("providerRef", report.providerRef());
            row.put("status", "PENDING");
            row.put("nextCheckAt", null);
            row.put("now", update.get("now"));
            jdbc.update(SqlFiles.load("payments/insert-payment.sql"), row);
        }
        applied = jdbc.update(SqlFiles.load("payments/update-payment-settled.sql"), update) == 1;
        exchange.setProperty(APPLIED, applied);
        exchange.setProperty(SUCCEEDED, succeeded);
        exchange.setProperty(PaymentProperties.UNCOUNTED, report.uncounted());
        exchange.setProperty(PaymentProperties.AMOUNT, amount);
        exchange.setProperty(PaymentProperties.CURRENCY, payment.get("currency"));
        exchange.setProperty(PaymentProperties.PAYMENT_ID, payment.get("id"));
        exchange.setProperty(PaymentProperties.ORDER_UUID, payment.get("checkout_order"));
        exchange.setProperty(PaymentProperties.OUTCOME, succeeded ? Outcome.SUCCEEDED : Outcome.FAILED);
        if (!applied) {
            LOG.info("Payment {} was no longer in flight; {} report {} from {} changed nothing", payment.get("id"),
                    report.outcome(), report.eventKey(), report.provider());
            return;
        }
        if (succeeded) {
            Map<String, Object> collection = new LinkedHashMap<>();
            collection.put("merchantId", payment.get("merchant_id"));
            collection.put("livemode", payment.get("livemode"));
            collection.put("currency", payment.get("currency"));
            collection.put("amount", amount);
            collection.put("fee", fee);
            collection.put("paymentId", payment.get("id"));
            collection.put("provider", payment.get("provider"));
            collection.put("now", update.get("now"));
            exchange.getIn().setBody(collection);
        }
    }

    /** Money received for an order that could no longer take it: kept, flagged, to be sent back. */
    public void alertIfOrphaned(Exchange exchange) {
        if (Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.ORPHANED, Boolean.class))) {
            orphaned.increment();
            LOG.warn("Payment {} succeeded for order {} which was already final or does not match it; the money is "
                            + "recorded and sent back to the payer", exchange.getProperty(PaymentProperties.PAYMENT_ID),
                    exchange.getProperty(PaymentProperties.ORDER_UUID));
        }
    }
}
