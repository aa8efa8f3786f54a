package io.malipo.payments;

import static org.apache.camel.builder.PredicateBuilder.and;
import static org.apache.camel.builder.PredicateBuilder.or;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.PushAnswer;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderNotifications;
import io.malipo.channels.ProviderSetting;
import io.malipo.channels.ProviderSettings;
import io.malipo.channels.SettlementReport;
import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.JsonBodies;
import io.malipo.common.KeysetPages;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import io.malipo.ledger.LedgerEndpoints;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.LoggingLevel;
import org.apache.camel.builder.AggregationStrategies;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;

/**
 * Payments through the channels: plan one (which provider, whether it can go out), store it,
 * send it through the channel router of routes/channels.yaml, and settle it when its outcome
 * is known, whether a provider reports it, a status query finds it or Malipo decides it.
 */
@Component
public class PaymentRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/payments/";
    private static final String PLANNED = "malipoPlanned";
    /** Records the connector's answer to what was just sent; the caller's exchange is left as it was. */
    static final String PROVIDER_ANSWER = "direct:provider-answer-record";
    /** How long a notification's body is remembered, to drop repeats: providers repeat for hours, not weeks. */
    static final Duration NOTIFICATIONS_KEPT = Duration.ofDays(7);

    private final Payments payments;
    private final Settlement settlement;
    private final ProviderNotifications notifications;
    private final ProviderNotices notices;
    private final Reconciliation reconciliation;
    private final JsonBodies json;
    private final Transactions transactions;
    private final ProviderSettings providerSettings;
    private static final Logger LOG = LoggerFactory.getLogger(PaymentRoutes.class);
    private final Duration reconcileLease;

    public PaymentRoutes(Payments payments, Settlement settlement, ProviderNotifications notifications,
            ProviderNotices notices, Reconciliation reconciliation, JsonBodies json, Transactions transactions,
            ProviderSettings providerSettings, ChannelProperties properties) {
        this.reconcileLease = properties.reconcileEvery();
        this.transactions = transactions;
        this.providerSettings = providerSettings;
        this.payments = payments;
        this.settlement = settlement;
        this.notifications = notifications;
        this.notices = notices;
        this.reconciliation = reconciliation;
        this.json = json;
    }

    @Override
    public void configure() {
        from(PaymentsEndpoints.PLAN).routeId("payment-plan").errorHandler(noErrorHandler())
                .process(e -> e.setProperty(PLANNED, payments.plan(e.getIn().getBody(NewPayment.class))))
                .setBody(e -> {
                    PaymentPlan plan = e.getProperty(PLANNED, PaymentPlan.class);
                    return Map.of("merchantId", plan.payment().merchantId(), "livemode", plan.payment().livemode(),
                            "provider", plan.provider());
                })
                .to(ChannelEndpoints.PROVIDER_SETTING_GET)
                .process(e -> {
                    PaymentPlan plan = e.getProperty(PLANNED, PaymentPlan.class);
                    providerSettings.check(plan.provider(), plan.payment().amount(), plan.payment().currency(),
                            e.getIn().getBody(ProviderSetting.class));
                    e.getIn().setBody(plan);
                });

        from(PaymentsEndpoints.STORED_CARD_FIND).routeId("stored-card-find").errorHandler(noErrorHandler())
                .to(SQL + "select-stored-card-for-payment.sql?outputType=SelectOne");

        from(PaymentsEndpoints.FIND_BY_ORDER_TRANSID).routeId("payment-find-by-order-transid")
                .errorHandler(noErrorHandler())
                .to(SQL + "select-payment-by-order-transid.sql?outputType=SelectOne");

        from(PaymentsEndpoints.COLLECT).routeId("payment-collect").errorHandler(noErrorHandler())
                .to(PaymentsEndpoints.PLAN)
                .setProperty(PLANNED, body())
                .doTry()
                    .process(transactions.in(PaymentsEndpoints.CREATE))
                .doCatch(DuplicateKeyException.class)
                    .process(e -> {
                        throw ApiException.badRequest("reference_reused", "reference: "
                                + e.getProperty(PLANNED, PaymentPlan.class).payment().merchantReference()
                                + " is the reference of an earlier collection; give each collection its own.");
                    })
                .end()
                .process(e -> e.setProperty(PaymentProperties.PAYMENT_ID,
                        e.getProperty(PLANNED, PaymentPlan.class).paymentId()))
                .to(PaymentsEndpoints.SEND)
                .filter(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.UNAVAILABLE))
                    .process(e -> {
                        throw new ApiException(503, "provider_unavailable", "The payment provider cannot be reached "
                                + "right now; nothing was sent and your reference is free. Retry in a minute.")
                                .withHeader("Retry-After", "60");
                    })
                .end()
                .setBody(e -> {
                    PaymentPlan plan = e.getProperty(PLANNED, PaymentPlan.class);
                    return Map.of("paymentId", plan.paymentId(), "merchantId", plan.payment().merchantId(),
                            "livemode", plan.payment().livemode());
                })
                .to(PaymentsEndpoints.VIEW);

        from(PaymentsEndpoints.FEE_QUOTE).routeId("fee-quote").errorHandler(noErrorHandler())
                .process(e -> e.getIn().setBody(payments.quote(e.getIn().getBody(Map.class))));

        from(PaymentsEndpoints.SETTLEMENT_CONFLICTS_LIST).routeId("settlement-conflicts-list").errorHandler(noErrorHandler())
                .process(KeysetPages.oneMore())
                .to(SQL + "select-conflicts-page.sql?outputClass=io.malipo.payments.SettlementConflictView")
                .process(e -> e.getIn().setBody(SettlementConflictPage.of(e.getIn().getBody(List.class),
                        KeysetPages.limit(e))));

        from(PaymentsEndpoints.VIEWS_PAGE).routeId("payment-views-page").errorHandler(noErrorHandler())
                .to(SQL + "select-payment-views-page.sql?outputClass=io.malipo.payments.PaymentView");

        from(PaymentsEndpoints.VIEWS_SEARCH).routeId("payment-views-search").errorHandler(noErrorHandler())
                .choice()
                    .when(e -> e.getIn().getBody(PaymentSearch.class).byText())
                        .to(SQL + "select-payment-views-by-text.sql?outputClass=io.malipo.payments.PaymentView")
                    .when(e -> e.getIn().getBody(PaymentSearch.class).status() != null)
                        .to(SQL + "select-payment-views-by-status.sql?outputClass=io.malipo.payments.PaymentView")
                    .otherwise()
                        .to(SQL + "select-payment-views-search.sql?outputClass=io.malipo.payments.PaymentView")
                .end();

        from(PaymentsEndpoints.FIGURES).routeId("payment-figures").errorHandler(noErrorHandler())
                .to(SQL + "select-payment-figures.sql?outputClass=io.malipo.payments.PaymentFigures$Row")
                .process(e -> e.getIn().setBody(new PaymentFigures(e.getIn().getBody(List.class))));

        from(PaymentsEndpoints.ORDER_VIEWS).routeId("payment-views-of-order").errorHandler(noErrorHandler())
                .to(SQL + "select-payment-views-of-order.sql?outputClass=io.malipo.payments.PaymentView");

        from(PaymentsEndpoints.VIEW).routeId("payment-view").errorHandler(noErrorHandler())
                .to(SQL + "select-payment-view.sql?outputType=SelectOne&outputClass=io.malipo.payments.PaymentView");

        from(PaymentsEndpoints.CREATE).routeId("payment-create").errorHandler(noErrorHandler())
                .process(e -> {
                    PaymentPlan plan = e.getIn().getBody(PaymentPlan.class);
                    Transactions.created(e, "PAYMENT", plan.paymentId());
                    e.getIn().setBody(payments.row(plan));
                })
                .to(SQL + "insert-payment.sql");

        from(PaymentsEndpoints.SEND).routeId("payment-send").errorHandler(noErrorHandler())
                .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID)))
                .to(SQL + "select-payment.sql?outputType=SelectOne&outputClass=io.malipo.payments.StoredPayment")
                .process(e -> payments.request(e, e.getIn().getBody(StoredPayment.class)))
                .setProperty(ChannelEndpoints.CONNECTOR_URI, constant(ChannelEndpoints.PAYMENT_ROUTE))
                .to(ChannelEndpoints.PROVIDER_CALL)
                .process(PaymentRoutes::requireOutcome)
                .enrich(PROVIDER_ANSWER, AggregationStrategies.useOriginal())
                .choice()
                    .when(and(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.ACCEPTED),
                            exchangeProperty(PaymentProperties.PROVIDER_REF).isNotNull()))
                        .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID),
                                "providerRef", e.getProperty(PaymentProperties.PROVIDER_REF), "now", payments.now()))
                        .to(SQL + "update-payment-provider-ref.sql")
                    .when(or(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.DECLINED),
                            exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.UNAVAILABLE)))
                        // Settled in a copy: the caller still sees what the provider said.
                        .setBody(e -> SettlementReport.refused(e, "push:" + e.getProperty(PaymentProperties.PAYMENT_ID),
                                e.getProperty(PaymentProperties.PAYMENT_ID, UUID.class), null, null))
                        .enrich("direct:payment-settle", AggregationStrategies.useOriginal())
                .end();

        // What the provider answered to a payment, payout or reversal just sent, kept for its page;
        // a refusal (DECLINED, UNAVAILABLE) is kept by the settlement it causes instead.
        from(PROVIDER_ANSWER).routeId("provider-answer-record").errorHandler(noErrorHandler())
                .filter(or(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.ACCEPTED),
                        exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PushAnswer.PENDING)))
                    .setBody(e -> ProviderEvent.answer(e, payments.now()))
                    .to(SQL + "insert-provider-event.sql")
                .end();

        // Body in: a SettlementReport. One transaction: payment, order, ledger, deliveries.
        // Providers report payouts and reversals at the same address: their references tell them apart.
        from("direct:payment-settle").routeId("payment-settle").errorHandler(noErrorHandler())
                .choice()
                    .when(e -> Transfer.Kind.ofReference(e.getIn().getBody(SettlementReport.class).reference()).isPresent())
                        .to("direct:transfer-settle")
                    .otherwise()
                        .process(transactions.in("direct:payment-settle-tx"))
                .end();

        from("direct:payment-settle-tx").routeId("payment-settle-tx").errorHandler(noErrorHandler())
                .process(settlement::prepare)
                .choice()
                    .when(exchangeProperty(PaymentProperties.PAYMENT_TOKEN).isNotNull())
                        .process(settlement::manualPayment)
                    .otherwise()
                        .process(settlement::findPayment)
                .end()
                .process(settlement::recordEvent)
                // A report seen before ends here.
                .filter(exchangeProperty(Settlement.NEW_EVENT).isEqualTo(true))
                    .to("direct:payment-settle-apply")
                .end();

        from("direct:payment-settle-apply").routeId("payment-settle-apply").errorHandler(noErrorHandler())
                .process(settlement::apply)
                // A repeat, or a late failure (kept for an operator), ends here.
                .filter(exchangeProperty(Settlement.APPLIED).isEqualTo(true))
                    .to("direct:payment-settle-follow")
                .end();

        // A late success follows the same path: its money pays the order it was for if that can
        // still take it, and otherwise goes back to the payer.
        from("direct:payment-settle-follow").routeId("payment-settle-follow").errorHandler(noErrorHandler())
                .filter(exchangeProperty(Settlement.SUCCEEDED).isEqualTo(true))
                    .to(LedgerEndpoints.POST_COLLECTION)
                .end()
                .filter(exchangeProperty(PaymentProperties.ORDER_UUID).isNotNull())
                    .process(settlement::orderFollows)
                .end()
                .process(settlement::orphanLateCollection)
                .to("direct:payment-event-enqueue")
                .filter(exchangeProperty(PaymentProperties.ORPHANED).isEqualTo(true))
                    .to("direct:reversal-create-automatic")
                .end()
                .process(settlement::conclude);

        rest("/v1/providers").post("/{code}/notify").id("rest-provider-notify")
                .description("Where payment providers report outcomes, in their own formats; an unsigned report is a "
                        + "hint that makes Malipo ask the provider")
                .apiDocs(false)
                .to("direct:provider-notify");

        from("direct:provider-notify").routeId("provider-notify")
                .routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .process(notifications::receive)
                .doTry()
                    .toD("direct:connector-${exchangeProperty.malipoConnector}-notify")
                .doCatch(Exception.class)
                    .process(notifications::unreadable)
                .end()
                .process(notifications::claim)
                .setBody(PaymentRoutes::notificationSeen)
                .to("sql:classpath:sql/providers/select-provider-notification-seen.sql?outputType=SelectOne")
                .choice()
                    .when(body().isEqualTo(0))
                        .to("direct:provider-notice")
                        .setBody(e -> {
                            Map<String, Object> row = new HashMap<>(notificationSeen(e));
                            row.put("now", payments.now());
                            return row;
                        })
                        .to("sql:classpath:sql/providers/insert-provider-notification.sql")
                    .otherwise()
                        .log(LoggingLevel.DEBUG, LOG, "Provider ${exchangeProperty.malipoProvider} repeated a "
                                + "notification; it changed nothing")
                .end()
                .process(notifications::reply);

        from("direct:provider-notice").routeId("provider-notice").errorHandler(noErrorHandler())
                .process(notices::match)
                .choice()
                    .when(exchangeProperty(ProviderNotices.ACTION).isEqualTo(ProviderNotices.Action.SETTLE))
                        .process(notifications::report)
                        .to("direct:payment-settle")
                    .when(exchangeProperty(ProviderNotices.ACTION).isEqualTo(ProviderNotices.Action.CHECK))
                        // A provider that cannot be asked now is asked again by reconciliation: the
                        // notification is still taken, as it would only be sent again.
                        .doTry()
                            .to("direct:provider-notice-check")
                        .doCatch(Exception.class)
                            .process(e -> LOG.warn("Provider {} notified about {}, and could not be asked about it "
                                    + "now; reconciliation asks again: {}", e.getProperty(PaymentProperties.PROVIDER),
                                    e.getProperty(PaymentProperties.REFERENCE),
                                    e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class).getMessage()))
                        .end()
                .end();

        from("direct:provider-notice-check").routeId("provider-notice-check").errorHandler(noErrorHandler())
                .choice()
                    .when(exchangeProperty(PaymentProperties.PAYMENT_ID).isNotNull())
                        .to("direct:payment-check")
                    .otherwise()
                        .to("direct:transfer-check")
                .end();

        from("direct:provider-notifications-forget").routeId("provider-notifications-forget")
                .setBody(e -> Map.of("before", payments.now().minus(NOTIFICATIONS_KEPT)))
                .to("sql:classpath:sql/providers/delete-provider-notifications-old.sql");

        from(PaymentsEndpoints.RECONCILE).routeId("payments-reconcile")
                .setBody(e -> Map.of("now", payments.now()))
                .to(SQL + "select-payments-due-for-check.sql")
                .split(body())
                    .process(e -> e.setProperty(PaymentProperties.PAYMENT_ID, Rows.uuid(e.getIn().getBody(Map.class), "id")))
                    // One payment that cannot be checked (its provider unreachable, or no longer
                    // configured for its mode) must not keep the others, or the transfers, waiting:
                    // its claim's lease brings it back at the next check.
                    .doTry()
                        .to("direct:payment-check")
                    .doCatch(Exception.class)
                        .process(e -> LOG.warn("Could not check payment {} with its provider; it is checked again "
                                + "after {}: {}", e.getProperty(PaymentProperties.PAYMENT_ID), reconcileLease,
                                e.getProperty(Exchange.EXCEPTION_CAUGHT, Exception.class).getMessage()))
                    .end()
                .end()
                .to("direct:transfers-reconcile");

        // Only the run whose claim lands asks the provider about a payment.
        from("direct:payment-check").routeId("payment-check").errorHandler(noErrorHandler())
                .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID), "now", payments.now(),
                        "leaseUntil", payments.now().plus(reconcileLease),
                        "hint", e.getProperty(ProviderNotices.HINT, false, Boolean.class)))
                .to(SQL + "update-payment-check-claimed.sql")
                .filter(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                    .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID)))
                    .to(SQL + "select-payment.sql?outputType=SelectOne&outputClass=io.malipo.payments.StoredPayment")
                    .process(e -> {
                        e.setProperty(Reconciliation.CHECKED, e.getIn().getBody(StoredPayment.class));
                        payments.request(e, e.getIn().getBody(StoredPayment.class));
                    })
                    .setProperty(ChannelEndpoints.CONNECTOR_URI, simple("direct:connector-${exchangeProperty.malipoConnector}-status"))
                    .to(ChannelEndpoints.PROVIDER_CALL)
                    .process(reconciliation::decide)
                    .choice()
                        .when(body().isInstanceOf(SettlementReport.class)).to("direct:payment-settle")
                        .otherwise().to(SQL + "update-payment-next-check.sql")
                    .end()
                .end();
    }

    /** Connector routes set the answer as text; from here on it is a {@link PushAnswer}. */
    static void requireOutcome(Exchange exchange) {
        exchange.setProperty(PaymentProperties.OUTCOME, PushAnswer.of(exchange));
    }

    private static Map<String, Object> notificationSeen(Exchange exchange) {
        return Map.of("provider", exchange.getProperty(PaymentProperties.PROVIDER),
                "bodyHash", exchange.getProperty(ProviderNotifications.BODY_HASH));
    }
}
