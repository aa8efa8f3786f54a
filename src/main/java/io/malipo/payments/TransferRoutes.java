package io.malipo.payments;

import static org.apache.camel.builder.PredicateBuilder.and;
import static org.apache.camel.builder.PredicateBuilder.or;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.PushAnswer;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderSetting;
import io.malipo.channels.ProviderSettings;
import io.malipo.channels.SettlementReport;
import io.malipo.common.ApiException;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.ledger.LedgerEndpoints;
import io.malipo.payments.Transfer.Kind;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.AggregationStrategies;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Money going out: payouts and reversals ({@link Transfer}s). Each is stored and debited from the
 * merchant's balance in one transaction (refused when the balance does not cover it), then handed
 * to its provider at most once, then settled by the provider's report or a status query: a failure
 * gives the money back. The published endpoints are in {@link PaymentsEndpoints}.
 */
@Component
public class TransferRoutes extends RouteBuilder {

    private static final Logger LOG = LoggerFactory.getLogger(TransferRoutes.class);

    private static final String SQL = "sql:classpath:sql/payments/";
    private static final String NEW = "malipoNewTransfer";
    /** Property out of reversal-create-automatic: the id of the reversal it made. */
    static final String AUTOMATIC_REVERSAL_ID = "malipoAutomaticReversalId";
    /** A short poll: an idle seda consumer sees that Camel is stopping only when its poll ends. */
    private static final String SEND_QUEUE = "seda:transfer-send?size=1000&pollTimeout=100";

    private final Transfers transfers;
    private final Payouts payouts;
    private final Reversals reversals;
    private final ProviderSettings settings;
    private final Transactions transactions;
    private ProducerTemplate later;

    public TransferRoutes(Transfers transfers, Payouts payouts, Reversals reversals, ProviderSettings settings,
            Transactions transactions) {
        this.transfers = transfers;
        this.payouts = payouts;
        this.reversals = reversals;
        this.settings = settings;
        this.transactions = transactions;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());
        later = getContext().createProducerTemplate();

        from(PaymentsEndpoints.PAYOUT_CREATE).routeId("payout-create")
                .process(e -> e.setProperty(NEW, payouts.prepare(e.getIn().getBody(NewPayout.class))))
                .setBody(e -> {
                    Payout payout = e.getProperty(NEW, Payout.class);
                    return Map.of("merchantId", payout.merchantId(), "livemode", payout.livemode(),
                            "provider", payout.provider());
                })
                .to(ChannelEndpoints.PROVIDER_SETTING_GET)
                .process(e -> {
                    Payout payout = e.getProperty(NEW, Payout.class);
                    settings.check(payout.provider(), payout.amount(), payout.currency(),
                            e.getIn().getBody(ProviderSetting.class));
                })
                .doTry()
                    .process(transactions.in("direct:payout-create-tx"))
                .doCatch(DuplicateKeyException.class)
                    .process(TransferRoutes::referenceReused)
                .end()
                .process(TransferRoutes::started)
                .to("direct:transfer-send")
                .process(e -> requireSent(e, "payout"))
                .setBody(e -> viewQuery(e, "payoutId"))
                .to(PaymentsEndpoints.PAYOUT_VIEW);

        from("direct:payout-create-tx").routeId("payout-create-tx")
                .setBody(exchangeProperty(NEW))
                .to(SQL + "insert-payout.sql")
                .process(e -> Transactions.created(e, Kind.PAYOUT.name(), fresh(e).id()))
                .setBody(e -> fresh(e).debit(fresh(e).createdAt()))
                .to(LedgerEndpoints.POST);

        from(PaymentsEndpoints.REVERSAL_CREATE).routeId("reversal-create")
                .process(e -> {
                    NewReversal request = e.getIn().getBody(NewReversal.class);
                    e.setProperty("malipoReversalRequest", request);
                    e.getIn().setBody(Map.of("paymentId", request.paymentId(), "merchantId", request.merchantId(),
                            "livemode", request.livemode()));
                })
                .to(SQL + "select-payment-for-reversal.sql?outputType=SelectOne"
                        + "&outputClass=io.malipo.payments.ReversiblePayment")
                .process(e -> {
                    NewReversal request = e.getProperty("malipoReversalRequest", NewReversal.class);
                    ReversiblePayment payment = e.getIn().getBody(ReversiblePayment.class);
                    if (payment == null) {
                        throw ApiException.notFound("There is no payment with id " + request.paymentId() + ".");
                    }
                    e.setProperty(NEW, reversals.prepare(payment, request.amount(), request.reason(),
                            request.merchantReference(), false));
                })
                .doTry()
                    .process(transactions.in("direct:reversal-create-tx"))
                .doCatch(DuplicateKeyException.class)
                    .process(TransferRoutes::referenceReused)
                .end()
                .process(TransferRoutes::started)
                .to("direct:transfer-send")
                .process(e -> requireSent(e, "reversal"))
                .setBody(e -> viewQuery(e, "reversalId"))
                .to(PaymentsEndpoints.REVERSAL_VIEW);

        // Inside the caller's transaction: the payment's part is reserved (never beyond what was
        // collected), the reversal stored, and its money taken from the balance.
        from("direct:reversal-create-tx").routeId("reversal-create-tx")
                .setBody(exchangeProperty(NEW))
                .to(SQL + "update-payment-reversal-reserved.sql")
                .process(e -> {
                    if (e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
                        throw ApiException.badRequest("reversal_exceeds_payment", "The payment changed meanwhile "
                                + "(another reversal of it); read it again: what can still be reversed is its amount "
                                + "less amountReversed.");
                    }
                })
                .setBody(exchangeProperty(NEW))
                .to(SQL + "insert-reversal.sql")
                .process(e -> Transactions.created(e, Kind.REVERSAL.name(), fresh(e).id()))
                .setBody(e -> fresh(e).debit(fresh(e).createdAt()))
                .to(LedgerEndpoints.POST);

        // Inside settlement's transaction: money that arrived for an order that could no longer
        // take it goes back to its payer, fee and all. Property malipoPaymentId in; sent after commit.
        from("direct:reversal-create-automatic").routeId("reversal-create-automatic")
                .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID)))
                .to(SQL + "select-payment-for-automatic-reversal.sql?outputType=SelectOne"
                        + "&outputClass=io.malipo.payments.ReversiblePayment")
                .process(e -> e.setProperty(NEW, reversals.prepare(e.getIn().getBody(ReversiblePayment.class), null,
                        "The order could no longer take this payment; sent back to the payer.", null, true)))
                .to("direct:reversal-create-tx")
                .process(e -> {
                    UUID id = fresh(e).id();
                    e.setProperty(AUTOMATIC_REVERSAL_ID, id);
                    sendAfterCommit(Kind.REVERSAL, id);
                });

        // Properties malipoTransferKind and malipoTransferId in: hands the transfer to its provider,
        // at most once; property malipoOutcome out. A refusal or a provider that cannot be reached
        // settles it as failed at once.
        from("direct:transfer-send").routeId("transfer-send")
                .setBody(e -> Map.of("id", e.getProperty(Transfers.ID), "now", transfers.now(),
                        "nextCheckAt", transfers.firstCheck()))
                .toD("${exchangeProperty.malipoTransferKind.sql().updateSentUri()}")
                .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                    .to("direct:transfer-request")
                    .setProperty(ChannelEndpoints.CONNECTOR_URI, simple(
                            "direct:connector-${exchangeProperty.malipoConnector}-${exchangeProperty.malipoTransferKind.noun()}"))
                    .to(ChannelEndpoints.PROVIDER_CALL)
                    .process(PaymentRoutes::requireOutcome)
                    .enrich(PaymentRoutes.PROVIDER_ANSWER, AggregationStrategies.useOriginal())
                    .choice()
                        .when(and(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.ACCEPTED),
                                exchangeProperty(PaymentProperties.PROVIDER_REF).isNotNull()))
                            .setBody(e -> Map.of("id", e.getProperty(Transfers.ID), "providerRef",
                                    e.getProperty(PaymentProperties.PROVIDER_REF), "now", transfers.now()))
                            .toD("${exchangeProperty.malipoTransferKind.sql().updateProviderRefUri()}")
                        .when(or(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.DECLINED),
                                exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.UNAVAILABLE)))
                            .setBody(e -> {
                                Transfer transfer = e.getProperty(Transfers.ROW, Transfer.class);
                                return SettlementReport.refused(e, "send:" + transfer.kind() + ":" + transfer.id(),
                                        transfer.id(), transfer.reference(),
                                        "The provider could not be reached; nothing was sent.");
                            })
                            .enrich("direct:transfer-settle", AggregationStrategies.useOriginal())
                    .end()
                .end();

        // Properties malipoTransferKind and malipoTransferId in: the canonical request properties its
        // connector reads, from the stored transfer.
        from("direct:transfer-request").routeId("transfer-request")
                .setBody(e -> Map.of("id", e.getProperty(Transfers.ID)))
                .toD("${exchangeProperty.malipoTransferKind.sql().selectUri()}")
                .process(e -> transfers.request(e, e.getIn().getBody(Transfer.class)));

        // Body in: a final SettlementReport naming a payout or reversal (its reference MLO…/MLR…).
        from("direct:transfer-settle").routeId("transfer-settle")
                .process(transactions.in("direct:transfer-settle-tx"));

        from("direct:transfer-settle-tx").routeId("transfer-settle-tx")
                .process(transfers::settle)
                .filter(exchangeProperty(Transfers.SETTLED).isNotNull())
                    .filter(e -> settled(e).compensation() != null)
                        .setBody(e -> settled(e).compensation())
                        .to(LedgerEndpoints.POST)
                    .end()
                    .filter(e -> settled(e).adjustment() != null)
                        .setBody(e -> settled(e).adjustment())
                        .to(LedgerEndpoints.POST_ADJUSTMENT)
                    .end()
                    .to("direct:transfer-event-enqueue")
                .end();

        // The webhook event of a transfer that left flight, with it as the token API shows it.
        from("direct:transfer-event-enqueue").routeId("transfer-event-enqueue")
                .setBody(e -> {
                    Transfer transfer = settled(e).transfer();
                    return Map.of(transfer.kind().noun() + "Id", transfer.id(), "merchantId", transfer.merchantId(),
                            "livemode", transfer.livemode());
                })
                .toD("${exchangeProperty.malipoTransferSettled.transfer().kind().viewRoute()}")
                .setBody(transfers::event)
                .to(DeliveryEndpoints.WEBHOOK_EVENT_ENQUEUE);

        // Payouts and reversals due: ask the provider about those sent and unconfirmed, and send
        // those never sent (their sender stopped before it could).
        from("direct:transfers-reconcile").routeId("transfers-reconcile")
                .setProperty(Transfers.KIND, constant(Kind.PAYOUT))
                .to("direct:transfers-reconcile-kind")
                .setProperty(Transfers.KIND, constant(Kind.REVERSAL))
                .to("direct:transfers-reconcile-kind");

        from("direct:transfers-reconcile-kind").routeId("transfers-reconcile-kind")
                .setBody(e -> Map.of("now", transfers.now(), "unsentBefore", transfers.now().minusMinutes(1)))
                .toD("${exchangeProperty.malipoTransferKind.sql().selectDueUri()}")
                .split(body())
                    .process(e -> e.setProperty(Transfers.ID, Rows.uuid(e.getIn().getBody(Map.class), "id")))
                    // As for payments: one that cannot be checked now waits for its lease, alone.
                    .doTry()
                        .to("direct:transfer-check")
                    .doCatch(Exception.class)
                        .process(e -> LOG.warn("Could not check {} {} with its provider; it is checked again later: {}",
                                e.getProperty(Transfers.KIND), e.getProperty(Transfers.ID),
                                e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class).getMessage()))
                    .end()
                .end();

        // A transfer never sent is sent (at most once, by sent_at); a sent one is asked about by
        // whichever run claims its check.
        from("direct:transfer-check").routeId("transfer-check")
                .setBody(e -> Map.of("id", e.getProperty(Transfers.ID)))
                .toD("${exchangeProperty.malipoTransferKind.sql().selectUri()}")
                .choice()
                    .when(e -> e.getIn().getBody(Transfer.class).sentAt() == null)
                        .to("direct:transfer-send")
                    .otherwise()
                        .setBody(e -> Map.of("id", e.getProperty(Transfers.ID), "now", transfers.now(),
                                "leaseUntil", transfers.checkLease(),
                                "hint", e.getProperty(ProviderNotices.HINT, false, Boolean.class)))
                        .toD("${exchangeProperty.malipoTransferKind.sql().updateCheckClaimedUri()}")
                        .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                            .to("direct:transfer-request")
                            .setProperty(ChannelEndpoints.CONNECTOR_URI,
                                    simple("direct:connector-${exchangeProperty.malipoConnector}-status"))
                            .to(ChannelEndpoints.PROVIDER_CALL)
                            .process(transfers::decide)
                            .choice()
                                .when(body().isInstanceOf(SettlementReport.class))
                                    .to("direct:transfer-settle")
                                .otherwise()
                                    .toD("${exchangeProperty.malipoTransferKind.sql().updateNextCheckUri()}")
                            .end()
                        .end()
                .end();

        // Transfers committed inside another transaction (automatic reversals) are sent from here.
        from(SEND_QUEUE).routeId("transfer-send-later")
                .to("direct:transfer-send");

        from(PaymentsEndpoints.PAYOUT_VIEW).routeId("payout-view")
                .to(SQL + "select-payout-view.sql?outputType=SelectOne&outputClass=io.malipo.payments.PayoutView");

        from(PaymentsEndpoints.PAYOUT_VIEWS_PAGE).routeId("payout-views-page")
                .to(SQL + "select-payout-views-page.sql?outputClass=io.malipo.payments.PayoutView");

        from(PaymentsEndpoints.PAYOUT_VIEW_BY_REFERENCE).routeId("payout-view-by-reference")
                .to(SQL + "select-payout-view-by-reference.sql?outputType=SelectOne"
                        + "&outputClass=io.malipo.payments.PayoutView");

        from(PaymentsEndpoints.REVERSAL_VIEW).routeId("reversal-view")
                .to(SQL + "select-reversal-view.sql?outputType=SelectOne&outputClass=io.malipo.payments.ReversalView");
    }

    private static Transfers.Settled settled(Exchange exchange) {
        return exchange.getProperty(Transfers.SETTLED, Transfers.Settled.class);
    }

    /** The transfer the exchange is making. */
    private static Transfer fresh(Exchange exchange) {
        return exchange.getProperty(NEW, Transfer.class);
    }

    /** The merchant's reference of a new transfer is taken: nothing was made. */
    private static void referenceReused(Exchange exchange) {
        Transfer transfer = fresh(exchange);
        throw ApiException.badRequest("reference_reused", "reference: " + transfer.merchantReference()
                + " is the reference of an earlier " + transfer.kind().noun() + "; give each its own.");
    }

    private static void started(Exchange exchange) {
        Transfer transfer = fresh(exchange);
        exchange.setProperty(Transfers.KIND, transfer.kind());
        exchange.setProperty(Transfers.ID, transfer.id());
    }

    private static Map<String, Object> viewQuery(Exchange exchange, String idName) {
        Transfer transfer = fresh(exchange);
        return Map.of(idName, transfer.id(), "merchantId", transfer.merchantId(), "livemode", transfer.livemode());
    }

    /** A provider that could not be reached: the transfer failed and gave its money back; say so. */
    private static void requireSent(Exchange exchange, String what) {
        if (exchange.getProperty(PaymentProperties.OUTCOME) == PushAnswer.UNAVAILABLE) {
            throw new ApiException(503, "provider_unavailable", "The provider cannot be reached right now; the " + what
                    + " was not sent, your balance is as it was and the reference is free. Retry in a minute.")
                    .withHeader("Retry-After", "60");
        }
    }

    /** Sends a transfer once the transaction that created it has committed. */
    private void sendAfterCommit(Kind kind, UUID id) {
        Transactions.afterCommit(() -> later.send(SEND_QUEUE, e -> {
            e.setProperty(Transfers.KIND, kind);
            e.setProperty(Transfers.ID, id);
        }));
    }
}
