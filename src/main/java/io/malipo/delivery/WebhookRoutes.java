package io.malipo.delivery;

import io.malipo.common.ApiException;
import io.malipo.common.Transactions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/**
 * Webhook endpoints, stored for the token API, always scoped by merchant and mode.
 */
@Component
public class WebhookRoutes extends RouteBuilder {

    private static final String SQL = "sql:classpath:sql/delivery/";
    private static final String SECRET = "malipoWebhookSecret";
    private static final String ROW = "malipoWebhookRow";
    private static final String REQUEST = "malipoWebhookRequest";
    private static final String CHANGED = "malipoWebhookChanged";

    private final WebhookEndpoints endpoints;
    private final Transactions transactions;

    public WebhookRoutes(WebhookEndpoints endpoints, Transactions transactions) {
        this.endpoints = endpoints;
        this.transactions = transactions;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        // Body in: a page query (merchantId, livemode, beforeSeq, limit). Body out: WebhookEndpointViews, newest first.
        from("direct:webhook-endpoints-page").routeId("webhook-endpoints-page")
                .to(SQL + "select-webhook-endpoints-page.sql")
                .process(e -> e.getIn().setBody(WebhookEndpoints.views(e.getIn().getBody(List.class))));

        // Body in: a map with merchantId, livemode, max (endpoints allowed per merchant and mode)
        // and endpoint (a NewWebhookEndpoint). Body out: the WebhookEndpointView with its secret.
        from("direct:webhook-endpoint-create").routeId("webhook-endpoint-create")
                .process(e -> endpoints.newRow(e, SECRET))
                .setProperty(ROW, body())
                .to(SQL + "insert-webhook-endpoint.sql")
                .process(e -> {
                    Map<String, Object> row = e.getProperty(ROW, Map.class);
                    if (e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 0) {
                        throw ApiException.badRequest("too_many_webhook_endpoints", "You have " + row.get("max")
                                + " webhook endpoints in this mode, the most allowed; delete one you no longer use "
                                + "first.");
                    }
                    e.getIn().setBody(endpoints.created(row, e.getProperty(SECRET, String.class)));
                });

        // Body in: a map with id, merchantId, livemode and change (a WebhookEndpointChange).
        // Body out: the WebhookEndpointView as changed, or null when the merchant has no such endpoint.
        from("direct:webhook-endpoint-update").routeId("webhook-endpoint-update")
                .process(transactions.in("direct:webhook-endpoint-update-tx"));

        from("direct:webhook-endpoint-update-tx").routeId("webhook-endpoint-update-tx")
                .setProperty(REQUEST, body())
                .to(SQL + "select-webhook-endpoint-for-update.sql?outputType=SelectOne")
                .filter(body().isNotNull())
                    .process(this::change)
                    .to(SQL + "update-webhook-endpoint.sql")
                    .setBody(exchangeProperty(CHANGED))
                .end();

        // Body in: a map with id, merchantId and livemode. Body out: true, or false when there was no such endpoint.
        from("direct:webhook-endpoint-delete").routeId("webhook-endpoint-delete")
                .to(SQL + "delete-webhook-endpoint.sql")
                .setBody(e -> e.getIn().getHeader(SqlConstants.SQL_UPDATE_COUNT, 0, Integer.class) == 1);
    }

    @SuppressWarnings("unchecked")
    private void change(Exchange exchange) {
        Map<String, Object> key = new LinkedHashMap<>(exchange.getProperty(REQUEST, Map.class));
        WebhookEndpointChange change = (WebhookEndpointChange) key.remove("change");
        Map<String, Object> stored = exchange.getIn().getBody(Map.class);
        Map<String, Object> update = endpoints.changed(stored, key, change);
        exchange.getIn().setBody(update);
        Map<String, Object> shown = new LinkedHashMap<>(stored);
        shown.put("url", update.get("url"));
        shown.put("events", update.get("events"));
        shown.put("description", update.get("description"));
        shown.put("enabled", update.get("enabled"));
        exchange.setProperty(CHANGED, WebhookEndpoints.view(shown));
    }
}
