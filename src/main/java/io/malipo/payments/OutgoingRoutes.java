package io.malipo.payments;

import static org.apache.camel.builder.PredicateBuilder.and;
import static org.apache.camel.builder.PredicateBuilder.or;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.Outcome;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderSetting;
import io.malipo.channels.ProviderSettings;
import io.malipo.channels.SettlementReport;
import io.malipo.common.ApiException;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.ledger.LedgerEndpoints;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.AggregationStrategies;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Money going out: payouts and reversals. Each is stored and debited from the merchant's balance
 * in one transaction (refused when the balance does not cover it), then handed to its provider
 * at most once, then settled by the provider's report or a status query: a failure gives the
 * money back. The {@code direct:} endpoints here are what the token API and settlement call.
 */
@Component
public class OutgoingRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/payments/";
    /** For the statement files a Movement names (their paths under sql/). */
    private static final String SQL_FILE = "sql:classpath:sql/";
    private static final String NEW_ROW = "malipoNewMovement";
    /** Property out of reversal-create-automatic: the id of the reversal it made. */
    static final String AUTOMATIC_REVERSAL_ID = "malipoAutomaticReversalId";
    private static final String SEND_QUEUE = "seda:outgoing-send?size=1000";

    private final Outgoing outgoing;
    private final ProviderSettings settings;
    private final Transactions transactions;
    private ProducerTemplate later;

    public OutgoingRoutes(Outgoing outgoing, ProviderSettings settings, Transactions transactions) {
        this.outgoing = outgoing;
        this.settings = settings;
        this.transactions = transactions;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());
        later = getContext().createProducerTemplate();

        from(PaymentsEndpoints.PAYOUT_CREATE).routeId("payout-create")
                .process(e -> e.setProperty(NEW_ROW, outgoing.payoutRow(e.getIn().getBody(NewPayout.class))))
                .process(OutgoingRoutes::settingQuery)
                .to(ChannelEndpoints.PROVIDER_SETTING_GET)
                .process(e -> {
                    Map<String, Object> row = newRow(e);
                    settings.check((String) row.get("provider"), (BigDecimal) row.get("amount"),
                            (String) row.get("currency"), e.getIn().getBody(ProviderSetting.class));
                })
                .doTry()
                    .process(transactions.in("direct:payout-create-tx"))
                .doCatch(DuplicateKeyException.class)
                    .process(e -> {
                        throw ApiException.badRequest("reference_reused", "reference: " + newRow(e).get(
                                "merchantReference") + " is the reference of an earlier payout; give each its own.");
                    })
                .end()
                .process(e -> started(e, Movement.PAYOUT))
                .to("direct:outgoing-send")
                .process(e -> requireSent(e, "payout"))
                .setBody(e -> viewQuery(e, "payoutId"))
                .to(PaymentsEndpoints.PAYOUT_VIEW);

        from("direct:payout-create-tx").routeId("payout-create-tx")
                .setBody(exchangeProperty(NEW_ROW))
                .to(SQL + "insert-payout.sql")
                .process(e -> Transactions.created(e, Movement.PAYOUT.name(), (UUID) newRow(e).get("id")))
                .setBody(e -> outgoing.debit(Movement.PAYOUT, newRow(e)))
                .to(LedgerEndpoints.POST);

        from(PaymentsEndpoints.REVERSAL_CREATE).routeId("reversal-create")
                .process(e -> {
                    NewReversal request = e.getIn().getBody(NewReversal.class);
                    e.setProperty("malipoReversalRequest", request);
                    e.getIn().setBody(Map.of("paymentId", request.paymentId(), "merchantId", request.merchantId(),
                            "livemode", request.livemode()));
                })
                .to(SQL + "select-payment-for-reversal.sql?outputType=SelectOne")
                .process(e -> {
                    NewReversal request = e.getProperty("malipoReversalRequest", NewReversal.class);
                    Map<String, Object> payment = e.getIn().getBody(Map.class);
                    if (payment == null) {
                        throw ApiException.notFound("There is no payment with id " + request.paymentId() + ".");
                    }
                    e.setProperty(NEW_ROW, outgoing.reversalRow(payment, request.amount(), request.reason(), false));
                })
                .process(transactions.in("direct:reversal-create-tx"))
                .process(e -> started(e, Movement.REVERSAL))
                .to("direct:outgoing-send")
                .process(e -> requireSent(e, "reversal"))
                .setBody(e -> viewQuery(e, "reversalId"))
                .to(PaymentsEndpoints.REVERSAL_VIEW);

        // Inside the caller's transaction: the payment's part is reserved (never beyond what was
        // collected), the reversal stored, and its money taken from the balance.
        from("direct:reversal-create-tx").routeId("reversal-create-tx")
                .setBody(exchangeProperty(NEW_ROW))
                .to(SQL + "update-payment-reversal-reserved.sql")
                .process(e -> {
                    if (e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
                        throw ApiException.badRequest("reversal_exceeds_payment", "The payment changed meanwhile "
                                + "(another reversal of it); read it again: what can still be reversed is its amount "
                                + "less amountReversed.");
                    }
                })
                .setBody(exchangeProperty(NEW_ROW))
                .to(SQL + "insert-reversal.sql")
                .process(e -> Transactions.created(e, Movement.REVERSAL.name(), (UUID) newRow(e).get("id")))
                .setBody(e -> outgoing.debit(Movement.REVERSAL, newRow(e)))
                .to(LedgerEndpoints.POST);

        // Inside settlement's transaction: money that arrived for an order that could no longer
        // take it goes back to its payer, fee and all. Property malipoPaymentId in; sent after commit.
        from("direct:reversal-create-automatic").routeId("reversal-create-automatic")
                .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID)))
                .to(SQL + "select-payment-for-automatic-reversal.sql?outputType=SelectOne")
                .process(e -> e.setProperty(NEW_ROW, outgoing.reversalRow(e.getIn().getBody(Map.class), null,
                        "The order could no longer take this payment; sent back to the payer.", true)))
                .to("direct:reversal-create-tx")
                .process(e -> {
                    UUID id = (UUID) newRow(e).get("id");
                    e.setProperty(AUTOMATIC_REVERSAL_ID, id);
                    sendAfterCommit(Movement.REVERSAL, id);
                });

        // Properties malipoMovement and malipoMovementId in: hands the movement to its provider,
        // at most once; property malipoOutcome out. A refusal or a provider that cannot be reached
        // settles it as failed at once.
        from("direct:outgoing-send").routeId("outgoing-send")
                .setBody(e -> Map.of("id", e.getProperty(Outgoing.MOVEMENT_ID), "now", outgoing.now(),
                        "nextCheckAt", outgoing.firstCheck()))
                .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().updateSent()}")
                .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                    .to("direct:outgoing-request")
                    .setProperty(ChannelEndpoints.CONNECTOR_URI, simple(
                            "direct:connector-${exchangeProperty.malipoConnector}-${exchangeProperty.malipoMovement.noun()}"))
                    .to(ChannelEndpoints.PROVIDER_CALL)
                    .process(PaymentRoutes::requireOutcome)
                    .choice()
                        .when(and(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(Outcome.ACCEPTED),
                                exchangeProperty(PaymentProperties.PROVIDER_REF).isNotNull()))
                            .setBody(e -> Map.of("id", e.getProperty(Outgoing.MOVEMENT_ID), "providerRef",
                                    e.getProperty(PaymentProperties.PROVIDER_REF), "now", outgoing.now()))
                            .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().updateProviderRef()}")
                        .when(or(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(Outcome.DECLINED),
                                exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(Outcome.UNAVAILABLE)))
                            .setBody(e -> outgoing.sendFailure(e, e.getProperty(Outgoing.MOVEMENT, Movement.class)))
                            .enrich("direct:outgoing-settle", AggregationStrategies.useOriginal())
                    .end()
                .end();

        // Properties malipoMovement and malipoMovementId in: the canonical request properties its
        // connector reads, from the stored movement.
        from("direct:outgoing-request").routeId("outgoing-request")
                .setBody(e -> Map.of("id", e.getProperty(Outgoing.MOVEMENT_ID)))
                .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().select()}?outputType=SelectOne")
                .process(e -> outgoing.request(e, e.getProperty(Outgoing.MOVEMENT, Movement.class),
                        e.getIn().getBody(Map.class)));

        // Body in: a final SettlementReport naming a payout or reversal (its reference MLO…/MLR…).
        from("direct:outgoing-settle").routeId("outgoing-settle")
                .process(transactions.in("direct:outgoing-settle-tx"));

        from("direct:outgoing-settle-tx").routeId("outgoing-settle-tx")
                .process(outgoing::settle)
                .filter(exchangeProperty(Outgoing.COMPENSATION).isNotNull())
                    .setBody(exchangeProperty(Outgoing.COMPENSATION))
                    .to(LedgerEndpoints.POST)
                .end()
                .filter(exchangeProperty(Outgoing.ADJUSTMENT).isNotNull())
                    .setBody(exchangeProperty(Outgoing.ADJUSTMENT))
                    .to(LedgerEndpoints.POST_ADJUSTMENT)
                .end()
                .filter(exchangeProperty(Outgoing.APPLIED).isEqualTo(true))
                    .to("direct:outgoing-event-enqueue")
                .end();

        // The webhook event of a movement that left flight, with it as the token API shows it.
        from("direct:outgoing-event-enqueue").routeId("outgoing-event-enqueue")
                .setBody(e -> {
                    Map<String, Object> row = e.getProperty(Outgoing.ROW, Map.class);
                    Movement movement = e.getProperty(Outgoing.MOVEMENT, Movement.class);
                    return Map.of(movement.noun() + "Id", row.get("id"), "merchantId", row.get("merchant_id"),
                            "livemode", row.get("livemode"));
                })
                .toD("${exchangeProperty.malipoMovement.viewRoute()}")
                .setBody(outgoing::event)
                .to(DeliveryEndpoints.WEBHOOK_EVENT_ENQUEUE);

        // Payouts and reversals due: ask the provider about those sent and unconfirmed, and send
        // those never sent (their sender stopped before it could).
        from("direct:outgoing-reconcile").routeId("outgoing-reconcile")
                .setProperty(Outgoing.MOVEMENT, constant(Movement.PAYOUT))
                .to("direct:outgoing-reconcile-kind")
                .setProperty(Outgoing.MOVEMENT, constant(Movement.REVERSAL))
                .to("direct:outgoing-reconcile-kind");

        from("direct:outgoing-reconcile-kind").routeId("outgoing-reconcile-kind")
                .setBody(e -> Map.of("now", outgoing.now(), "unsentBefore", outgoing.now().minusMinutes(1)))
                .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().selectDue()}")
                .split(body()).stopOnException(false)
                    .process(e -> e.setProperty(Outgoing.MOVEMENT_ID, Rows.uuid(e.getIn().getBody(Map.class), "id")))
                    .to("direct:outgoing-check")
                .end();

        // A movement never sent is sent (at most once, by sent_at); a sent one is asked about by
        // whichever run claims its check.
        from("direct:outgoing-check").routeId("outgoing-check")
                .setBody(e -> Map.of("id", e.getProperty(Outgoing.MOVEMENT_ID)))
                .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().select()}?outputType=SelectOne")
                .choice()
                    .when(simple("${body[sent_at]} == null"))
                        .to("direct:outgoing-send")
                    .otherwise()
                        .setBody(e -> Map.of("id", e.getProperty(Outgoing.MOVEMENT_ID), "now", outgoing.now(),
                                "leaseUntil", outgoing.checkLease()))
                        .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().updateCheckClaimed()}")
                        .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                            .to("direct:outgoing-request")
                            .setProperty(ChannelEndpoints.CONNECTOR_URI,
                                    simple("direct:connector-${exchangeProperty.malipoConnector}-status"))
                            .to(ChannelEndpoints.PROVIDER_CALL)
                            .process(outgoing::decide)
                            .choice()
                                .when(body().isInstanceOf(SettlementReport.class))
                                    .to("direct:outgoing-settle")
                                .otherwise()
                                    .toD(SQL_FILE + "${exchangeProperty.malipoMovement.sql().updateNextCheck()}")
                            .end()
                        .end()
                .end();

        // Movements committed inside another transaction (automatic reversals) are sent from here.
        from(SEND_QUEUE).routeId("outgoing-send-later")
                .to("direct:outgoing-send");

        from(PaymentsEndpoints.PAYOUT_VIEW).routeId("payout-view")
                .to(SQL + "select-payout-view.sql?outputType=SelectOne")
                .process(e -> e.getIn().setBody(e.getIn().getBody() == null ? null
                        : PayoutView.of(e.getIn().getBody(Map.class))));

        from(PaymentsEndpoints.PAYOUT_VIEWS_PAGE).routeId("payout-views-page")
                .to(SQL + "select-payout-views-page.sql")
                .process(e -> e.getIn().setBody(PayoutView.all(e.getIn().getBody(List.class))));

        from(PaymentsEndpoints.REVERSAL_VIEW).routeId("reversal-view")
                .to(SQL + "select-reversal-view.sql?outputType=SelectOne")
                .process(e -> e.getIn().setBody(e.getIn().getBody() == null ? null
                        : ReversalView.of(e.getIn().getBody(Map.class))));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> newRow(Exchange exchange) {
        return exchange.getProperty(NEW_ROW, Map.class);
    }

    private static void settingQuery(Exchange exchange) {
        Map<String, Object> row = newRow(exchange);
        exchange.getIn().setBody(Map.of("merchantId", row.get("merchantId"), "livemode", row.get("livemode"),
                "provider", row.get("provider")));
    }

    private static void started(Exchange exchange, Movement movement) {
        exchange.setProperty(Outgoing.MOVEMENT, movement);
        exchange.setProperty(Outgoing.MOVEMENT_ID, newRow(exchange).get("id"));
    }

    private static Map<String, Object> viewQuery(Exchange exchange, String idName) {
        Map<String, Object> row = newRow(exchange);
        Map<String, Object> query = new LinkedHashMap<>();
        query.put(idName, row.get("id"));
        query.put("merchantId", row.get("merchantId"));
        query.put("livemode", row.get("livemode"));
        return query;
    }

    /** A provider that could not be reached: the movement failed and gave its money back; say so. */
    private static void requireSent(Exchange exchange, String what) {
        if (exchange.getProperty(PaymentProperties.OUTCOME) == Outcome.UNAVAILABLE) {
            throw new ApiException(503, "provider_unavailable", "The provider cannot be reached right now; the " + what
                    + " was not sent, your balance is as it was and the reference is free. Retry in a minute.")
                    .withHeader("Retry-After", "60");
        }
    }

    /** Sends a movement once the transaction that created it has committed. */
    private void sendAfterCommit(Movement movement, UUID id) {
        Transactions.afterCommit(() -> later.send(SEND_QUEUE, e -> {
            e.setProperty(Outgoing.MOVEMENT, movement);
            e.setProperty(Outgoing.MOVEMENT_ID, id);
        }));
    }
}
