package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.NewWebhookEndpoint;
import io.malipo.delivery.WebhookEndpointChange;
import io.malipo.delivery.WebhookEndpointView;
import io.malipo.delivery.WebhookEndpoints;
import io.malipo.delivery.WebhookEventType;
import io.malipo.merchant.Scope;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.model.rest.RestDefinition;
import org.apache.camel.model.rest.RestParamType;
import org.springframework.stereotype.Component;

/** Where a merchant's webhook events go: its endpoints, per mode. */
@Component
public class WebhookEndpointsApiRoutes extends TokenApiRouteBuilder {

    private static final String TAG = "Webhook endpoints";
    static final String WEBHOOK_ENDPOINTS_LIST = "webhook-endpoints";
    private static final String ENDPOINT_ID = "malipoWebhookEndpointId";
    private static final String WHAT = "webhook endpoint";

    private final Paging paging;
    private final JsonBodies json;
    private final TokenApiProperties properties;

    public WebhookEndpointsApiRoutes(Idempotency idempotency, Paging paging, JsonBodies json,
            TokenApiProperties properties) {
        super(idempotency);
        this.paging = paging;
        this.json = json;
        this.properties = properties;
    }

    @Override
    public void configure() {
        paged(api().get("/webhook-endpoints").id("rest-api-webhook-endpoints-list").tag(TAG)
                .security(SECURITY, "payments.read")
                .description("Your webhook endpoints in the token's mode, newest first (never with their secrets). "
                        + "Page with limit and cursor."))
                .responseMessage().code(200).message("A page of webhook endpoints")
                        .responseModel(WebhookEndpointPage.class).endResponseMessage()
                .to("direct:api-webhook-endpoints-list");
        idempotent(api().post("/webhook-endpoints").id("rest-api-webhook-endpoint-create").tag(TAG)
                .security(SECURITY, "payments.write")
                .description("Send events of the token's mode to a URL: url (absolute http(s), https in live mode), "
                        + "events (a list of " + WebhookEventType.allValues() + ", or [\"*\"] for every event), "
                        + "description, enabled (default true). Each event is POSTed as JSON {id, type, createdAt, "
                        + "livemode, data: {object}} and signed per Standard Webhooks: headers webhook-id, "
                        + "webhook-timestamp and webhook-signature 'v1,' + Base64 of HMAC-SHA256 over "
                        + "id.timestamp.body, keyed with the Base64-decoded part of the secret after whsec_. The "
                        + "secret is in this answer only: keep it. At most malipo.token-api.max-webhook-endpoints "
                        + "(default 16) endpoints per mode. An event of type " + WebhookEndpoints.TEST_EVENT
                        + " (the endpoint as data.object) comes only when you send a test from the dashboard; it "
                        + "cannot be subscribed to.")
                .type(NewWebhookEndpoint.class))
                .responseMessage().code(201).message("The endpoint, with its secret (shown this once)")
                        .responseModel(WebhookEndpointView.class).endResponseMessage()
                .responseMessage().code(400).message("A field breaks a rule (validation_failed), or you have the most "
                        + "endpoints allowed in this mode (too_many_webhook_endpoints)").endResponseMessage()
                .to("direct:api-webhook-endpoint-create");
        withId(api().patch("/webhook-endpoints/{id}").id("rest-api-webhook-endpoint-update").tag(TAG)
                .security(SECURITY, "payments.write")
                .description("Change any of url, events, description and enabled; fields left out stay as they are, "
                        + "an empty description removes it. Events still on their way go to the new URL; while "
                        + "an endpoint is disabled it gets no events, and those queued for it are not sent.")
                .type(WebhookEndpointChange.class))
                .responseMessage().code(200).message("The endpoint as changed (without its secret)")
                        .responseModel(WebhookEndpointView.class).endResponseMessage()
                .responseMessage().code(400).message("A field breaks a rule").endResponseMessage()
                .responseMessage().code(404).message("No webhook endpoint of yours in this mode has this id")
                        .endResponseMessage()
                .to("direct:api-webhook-endpoint-update");
        withId(api().delete("/webhook-endpoints/{id}").id("rest-api-webhook-endpoint-delete").tag(TAG)
                .security(SECURITY, "payments.write")
                .description("Delete an endpoint: it gets no more events, and those already queued for it are not "
                        + "sent."))
                .responseMessage().code(204).message("Deleted").endResponseMessage()
                .responseMessage().code(404).message("No webhook endpoint of yours in this mode has this id")
                        .endResponseMessage()
                .to("direct:api-webhook-endpoint-delete");

        listOperation("direct:api-webhook-endpoints-list", Scope.PAYMENTS_READ, paging, WEBHOOK_ENDPOINTS_LIST,
                DeliveryEndpoints.WEBHOOK_ENDPOINTS_PAGE)
                .process(json.respond(200));

        operation("direct:api-webhook-endpoint-create", true, Scope.PAYMENTS_WRITE)
                .process(json.read(NewWebhookEndpoint.class))
                .process(e -> {
                    Map<String, Object> create = PaymentsApiRoutes.owned(e, null, null);
                    create.put("endpoint", e.getIn().getBody(NewWebhookEndpoint.class));
                    create.put("max", properties.maxWebhookEndpoints());
                    e.getIn().setBody(create);
                })
                .to(DeliveryEndpoints.WEBHOOK_ENDPOINT_CREATE)
                .process(json.respond(201));

        operation("direct:api-webhook-endpoint-update", false, Scope.PAYMENTS_WRITE)
                .process(e -> e.setProperty(ENDPOINT_ID, HttpExchanges.pathId(e, WHAT)))
                .process(json.read(WebhookEndpointChange.class))
                .process(e -> {
                    Map<String, Object> update = PaymentsApiRoutes.owned(e, "id", e.getProperty(ENDPOINT_ID));
                    update.put("change", e.getIn().getBody(WebhookEndpointChange.class));
                    e.getIn().setBody(update);
                })
                .to(DeliveryEndpoints.WEBHOOK_ENDPOINT_UPDATE)
                .process(e -> requireFound(e, WHAT, e.getProperty(ENDPOINT_ID)))
                .process(json.respond(200));

        operation("direct:api-webhook-endpoint-delete", false, Scope.PAYMENTS_WRITE)
                .process(e -> e.setProperty(ENDPOINT_ID, HttpExchanges.pathId(e, WHAT)))
                .process(e -> e.getIn().setBody(PaymentsApiRoutes.owned(e, "id", e.getProperty(ENDPOINT_ID))))
                .to(DeliveryEndpoints.WEBHOOK_ENDPOINT_DELETE)
                .process(WebhookEndpointsApiRoutes::deleted);
    }

    private static RestDefinition withId(RestDefinition verb) {
        return verb.param().name("id").type(RestParamType.path).required(true)
                .description("The endpoint's id, as created").endParam();
    }

    private static void deleted(Exchange exchange) {
        if (!Boolean.TRUE.equals(exchange.getIn().getBody(Boolean.class))) {
            throw ApiException.notFound("There is no " + WHAT + " with id " + exchange.getProperty(ENDPOINT_ID) + ".");
        }
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, 204);
        out.setBody(null);
    }
}
