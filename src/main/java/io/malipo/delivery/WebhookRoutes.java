package io.malipo.delivery;

import io.malipo.common.ApiException;
import io.malipo.common.Transactions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.AggregationStrategies;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/**
 * Webhook endpoints (stored for the token API, always scoped by merchant and mode) and the
 * events sent to them through the outbox.
 *
 * <p>{@code direct:webhook-event-enqueue} is how a package reports an event, inside the
 * transaction of the change that caused it. Body in: a map with merchantId (UUID), livemode
 * (Boolean), type (String, a {@link WebhookEventType} value), object (what becomes data.object,
 * as the token API shows it), sourceType (PAYMENT, PAYOUT or REVERSAL), sourceId (UUID) and now
 * (OffsetDateTime, the event's createdAt). Every enabled endpoint of the merchant and mode
 * subscribed to the type (or to "*") gets one delivery of the same event, with the same id. The
 * caller's body, headers and properties are left as they were. A body missing a key or naming an
 * unknown type throws (a bug of the caller), so its transaction rolls back. Not for the route
 * files of routes/.
 */
@Component
public class WebhookRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/delivery/";
    private static final String SECRET = "malipoWebhookSecret";
    private static final String ROW = "malipoWebhookRow";
    private static final String REQUEST = "malipoWebhookRequest";
    private static final String CHANGED = "malipoWebhookChanged";
    private static final String EVENT = "malipoWebhookEvent";
    private static final String TEST = "malipoWebhookTest";

    private final WebhookEndpoints endpoints;
    private final Transactions transactions;

    public WebhookRoutes(WebhookEndpoints endpoints, Transactions transactions) {
        this.endpoints = endpoints;
        this.transactions = transactions;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        from(DeliveryEndpoints.WEBHOOK_ENDPOINTS_PAGE).routeId("webhook-endpoints-page")
                .to(SQL + "select-webhook-endpoints-page.sql")
                .process(e -> e.getIn().setBody(WebhookEndpoints.views(e.getIn().getBody(List.class))));

        from(DeliveryEndpoints.WEBHOOK_ENDPOINT_CREATE).routeId("webhook-endpoint-create")
                .process(e -> endpoints.newRow(e, SECRET))
                .setProperty(ROW, body())
                .process(transactions.in("direct:webhook-endpoint-create-tx"))
                .process(e -> {
                    Map<String, Object> row = e.getProperty(ROW, Map.class);
                    if (e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
                        throw ApiException.badRequest("too_many_webhook_endpoints", "You have " + row.get("max")
                                + " webhook endpoints in this mode, the most allowed; delete one you no longer use "
                                + "first.");
                    }
                    e.getIn().setBody(endpoints.created(row, e.getProperty(SECRET, String.class)));
                });

        // Creates of one merchant take turns on its row, so concurrent ones cannot pass the limit together.
        from("direct:webhook-endpoint-create-tx").routeId("webhook-endpoint-create-tx")
                .to(SQL + "lock-merchant.sql?outputType=SelectOne")
                .setBody(exchangeProperty(ROW))
                .to(SQL + "insert-webhook-endpoint.sql");

        from(DeliveryEndpoints.WEBHOOK_ENDPOINT_UPDATE).routeId("webhook-endpoint-update")
                .process(transactions.in("direct:webhook-endpoint-update-tx"));

        from("direct:webhook-endpoint-update-tx").routeId("webhook-endpoint-update-tx")
                .setProperty(REQUEST, body())
                .to(SQL + "select-webhook-endpoint-for-update.sql?outputType=SelectOne")
                .filter(body().isNotNull())
                    .process(this::change)
                    .to(SQL + "update-webhook-endpoint.sql")
                    .to(SQL + "update-deliveries-target.sql")
                    .setBody(exchangeProperty(CHANGED))
                .end();

        from(DeliveryEndpoints.WEBHOOK_ENDPOINT_DELETE).routeId("webhook-endpoint-delete")
                .to(SQL + "delete-webhook-endpoint.sql")
                .setBody(e -> e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 1);

        from(DeliveryEndpoints.WEBHOOK_ENDPOINT_GET).routeId("webhook-endpoint-get")
                .to(SQL + "select-webhook-endpoint.sql?outputType=SelectOne")
                .process(e -> {
                    Map<String, Object> row = e.getIn().getBody(Map.class);
                    e.getIn().setBody(row == null ? null : WebhookEndpoints.view(row));
                });

        from(DeliveryEndpoints.WEBHOOK_ENDPOINT_TEST).routeId("webhook-endpoint-test")
                .to(SQL + "select-webhook-endpoint.sql?outputType=SelectOne")
                .filter(body().isNotNull())
                    .process(e -> e.getIn().setBody(endpoints.testEvent(e.getIn().getBody(Map.class))))
                    .setProperty(TEST, body())
                    .to(DeliveryEndpoints.ENQUEUE)
                    .setBody(e -> e.getProperty(TEST, NewDelivery.class).id())
                .end();

        from(DeliveryEndpoints.WEBHOOK_ENDPOINT_DELIVERIES).routeId("webhook-endpoint-deliveries")
                .to(SQL + "select-webhook-endpoint-deliveries.sql?outputClass=io.malipo.delivery.WebhookDelivery");

        from(DeliveryEndpoints.WEBHOOK_EVENT_ENQUEUE).routeId("webhook-event-enqueue")
                .enrich("direct:webhook-event-deliveries", AggregationStrategies.useOriginal());

        from("direct:webhook-event-deliveries").routeId("webhook-event-deliveries")
                .convertBodyTo(WebhookEvent.class)
                .process(e -> {
                    WebhookEvent event = e.getIn().getBody(WebhookEvent.class);
                    e.setProperty(EVENT, event);
                    e.getIn().setBody(Map.of("merchantId", event.merchantId(), "livemode", event.livemode()));
                })
                .to(SQL + "select-webhook-endpoints-enabled.sql?outputClass=io.malipo.delivery.EnabledEndpoint")
                .process(e -> e.getIn().setBody(endpoints.deliveries(e.getProperty(EVENT, WebhookEvent.class),
                        e.getIn().getBody(List.class))))
                .split(body()).stopOnException()
                    .to(DeliveryEndpoints.ENQUEUE)
                .end();
    }

    @SuppressWarnings("unchecked")
    private void change(Exchange exchange) {
        Map<String, Object> key = new LinkedHashMap<>(exchange.getProperty(REQUEST, Map.class));
        WebhookEndpointChange change = (WebhookEndpointChange) key.remove("change");
        Map<String, Object> stored = exchange.getIn().getBody(Map.class);
        Map<String, Object> update = endpoints.changed(stored, key, change);
        update.put("targetHost", ClaimedDelivery.host((String) update.get("url")));
        exchange.getIn().setBody(update);
        Map<String, Object> shown = new LinkedHashMap<>(stored);
        shown.put("url", update.get("url"));
        shown.put("events", update.get("events"));
        shown.put("description", update.get("description"));
        shown.put("enabled", update.get("enabled"));
        exchange.setProperty(CHANGED, WebhookEndpoints.view(shown));
    }
}
