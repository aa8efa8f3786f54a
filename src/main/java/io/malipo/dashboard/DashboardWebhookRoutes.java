package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.common.ApiException;
import io.malipo.common.JsonBodies;
import io.malipo.common.KeysetPages;
import io.malipo.delivery.ClaimedDelivery;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.DeliveryKind;
import io.malipo.delivery.DeliveryRoutes;
import io.malipo.delivery.DeliveryStatus;
import io.malipo.delivery.DeliveryView;
import io.malipo.delivery.EndpointDeliveries;
import io.malipo.delivery.NewWebhookEndpoint;
import io.malipo.delivery.WebhookDelivery;
import io.malipo.delivery.WebhookEndpointChange;
import io.malipo.delivery.WebhookEndpointView;
import io.malipo.delivery.WebhookEventType;
import io.malipo.merchant.TeamMembers;
import io.malipo.tokenapi.TokenApiProperties;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The merchant's webhook endpoints of the member's mode, as the token API keeps them: listed,
 * created (the signing secret shown once), changed, disabled and enabled, deleted after a
 * confirmation, sent a signed test event; and each endpoint's delivery log, newest first, with a
 * retry. Through the delivery package's endpoints, under the token API's rules, and audited.
 */
@Component
public class DashboardWebhookRoutes extends DeveloperRouteBuilder {

    private static final String WEBHOOKS = "/dashboard/developers/webhooks";
    /** Deliveries a page of the log shows. */
    static final int LOG_PAGE = 20;
    /** What a change done on an endpoint's page may report when the page comes back (after a redirect). */
    private static final Set<String> DONE = Set.of("changed", "enabled", "disabled", "test", "retried", "deleted");

    private final TokenApiProperties tokenApi;

    public DashboardWebhookRoutes(DashboardPages pages, TeamMembers team, JsonBodies json,
            TokenApiProperties tokenApi) {
        super(pages, team, json);
        this.tokenApi = tokenApi;
    }

    /** An endpoint as the list shows it. */
    public record EndpointRow(WebhookEndpointView endpoint, String created) {
    }

    /**
     * A delivery as the log shows it.
     *
     * @param status the message key of where it is, {@code next} the time it names (its next try)
     * @param retryable whether it may be sent again now (it is not being sent)
     */
    public record DeliveryRow(WebhookDelivery delivery, String created, String status, String next,
            String lastAttempt, boolean retryable) {
    }

    @Override
    protected void routes() {
        dashboard().get("/developers/webhooks").id("rest-dashboard-webhooks").to("direct:dashboard-webhooks")
                .post("/developers/webhooks").id("rest-dashboard-webhook-create").to("direct:dashboard-webhook-create")
                .get("/developers/webhooks/{id}").id("rest-dashboard-webhook").to("direct:dashboard-webhook")
                .post("/developers/webhooks/{id}").id("rest-dashboard-webhook-change")
                        .to("direct:dashboard-webhook-change")
                .post("/developers/webhooks/{id}/disable").id("rest-dashboard-webhook-disable")
                        .to("direct:dashboard-webhook-disable")
                .post("/developers/webhooks/{id}/enable").id("rest-dashboard-webhook-enable")
                        .to("direct:dashboard-webhook-enable")
                .post("/developers/webhooks/{id}/test").id("rest-dashboard-webhook-test")
                        .to("direct:dashboard-webhook-test")
                .get("/developers/webhooks/{id}/delete").id("rest-dashboard-webhook-deletion")
                        .to("direct:dashboard-webhook-deletion")
                .post("/developers/webhooks/{id}/delete").id("rest-dashboard-webhook-delete")
                        .to("direct:dashboard-webhook-delete")
                .post("/developers/webhooks/{id}/deliveries/{delivery}/retry").id("rest-dashboard-webhook-retry")
                        .to("direct:dashboard-webhook-retry");
        page("direct:dashboard-webhooks", e -> endpoints(e, 200, Map.of()));
        page("direct:dashboard-webhook-create", this::create);
        page("direct:dashboard-webhook", e -> endpoint(e, 200, own(e, developer(e)), Map.of()));
        page("direct:dashboard-webhook-change", this::change);
        page("direct:dashboard-webhook-disable", e -> enable(e, false));
        page("direct:dashboard-webhook-enable", e -> enable(e, true));
        page("direct:dashboard-webhook-test", this::test);
        page("direct:dashboard-webhook-deletion", this::deletion);
        page("direct:dashboard-webhook-delete", this::delete);
        page("direct:dashboard-webhook-retry", this::retry);
    }

    /** The endpoints of the member's mode, newest first (never their secrets, except one just created). */
    @SuppressWarnings("unchecked")
    private void endpoints(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = developer(exchange);
        Locale locale = DashboardPages.language(exchange);
        Map<String, Object> query = scope(user, "id", null);
        query.put("beforeSeq", Long.MAX_VALUE);
        // No merchant may have more endpoints in a mode than this (at most 100): one page holds them all.
        query.put("limit", tokenApi.maxWebhookEndpoints());
        List<WebhookEndpointView> endpoints = pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINTS_PAGE, query, List.class);
        Map<String, Object> page = page(user, "webhooks", Map.of("form", WebhookForm.empty()));
        page.putAll(extra);
        page.put("endpoints", endpoints.stream().map(e -> new EndpointRow(e, pages.time(locale, e.createdAt())))
                .toList());
        page.put("eventTypes", WebhookEventType.values());
        page.put("max", tokenApi.maxWebhookEndpoints());
        page.put("done", done(exchange));
        pages.render(exchange, status, "dashboard/webhooks", page);
    }

    /** A new endpoint of the member's mode; its signing secret is shown once. */
    private void create(Exchange exchange) {
        DashboardUser user = developer(exchange);
        WebhookForm form = WebhookForm.of(DashboardPages.form(exchange));
        Map<String, FieldProblem> problems = form.problems(user.livemode());
        if (!problems.isEmpty()) {
            endpoints(exchange, 400, Map.of("form", form, "problems", problems));
            return;
        }
        Map<String, Object> create = scope(user, "id", null);
        create.put("max", tokenApi.maxWebhookEndpoints());
        create.put("endpoint", new NewWebhookEndpoint(form.url(), form.subscribed(),
                form.description().isEmpty() ? null : form.description(), true));
        WebhookEndpointView created;
        try {
            created = pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINT_CREATE, create, WebhookEndpointView.class);
        } catch (ApiException refused) {
            // The URL's host is not public, or the merchant has as many endpoints as it may.
            endpoints(exchange, 400, refused.fieldErrors().isEmpty() ? Map.of("form", form, "error",
                    "webhooks.error.too-many") : Map.of("form", form, "problems",
                    WebhookForm.refused(refused.fieldErrors())));
            return;
        }
        pages.audit(exchange, user, "webhook_endpoint_created", created.id() + " " + host(created.url()));
        endpoints(exchange, 201, Map.of("created", created));
    }

    /** One endpoint: what it receives, the forms that change it, and a page of its delivery log. */
    private void endpoint(Exchange exchange, int status, WebhookEndpointView endpoint, Map<String, Object> extra) {
        DashboardUser user = developer(exchange);
        Locale locale = DashboardPages.language(exchange);
        Map<String, Object> page = page(user, "webhooks", Map.of("endpoint", endpoint,
                "form", WebhookForm.of(endpoint), "eventTypes", WebhookEventType.values(),
                "created", pages.time(locale, endpoint.createdAt())));
        page.putAll(extra);
        String before = exchange.getIn().getHeader("before", String.class);
        if (before != null && !before.matches("[0-9]{1,18}")) {
            page.put("deliveries", List.of());
            page.put("error", "webhooks.error.before");
            pages.render(exchange, 400, "dashboard/webhook", page);
            return;
        }
        List<WebhookDelivery> found = deliveries(user, endpoint.id(), before == null ? Long.MAX_VALUE
                : Long.parseLong(before));
        page.put("deliveries", found.stream().limit(LOG_PAGE).map(d -> row(d, locale)).toList());
        String next = KeysetPages.nextBefore(found, LOG_PAGE);
        page.put("older", next == null ? null : WEBHOOKS + "/" + endpoint.id() + "?before=" + next);
        page.put("done", done(exchange));
        pages.render(exchange, status, "dashboard/webhook", page);
    }

    @SuppressWarnings("unchecked")
    private List<WebhookDelivery> deliveries(DashboardUser user, UUID endpoint, long before) {
        return pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINT_DELIVERIES, new EndpointDeliveries(endpoint,
                user.merchantId(), user.livemode(), before, LOG_PAGE + 1), List.class);
    }

    private DeliveryRow row(WebhookDelivery delivery, Locale locale) {
        boolean waiting = delivery.status() == DeliveryStatus.PENDING && delivery.attempts() > 0;
        return new DeliveryRow(delivery, pages.exactTime(locale, delivery.createdAt()),
                waiting ? "webhooks.delivery.RETRYING" : "webhooks.delivery." + delivery.status(),
                waiting ? pages.exactTime(locale, delivery.nextAttemptAt()) : null,
                delivery.lastAttemptAt() == null ? null : pages.exactTime(locale, delivery.lastAttemptAt()),
                delivery.status() == DeliveryStatus.FAILED || waiting);
    }

    /** Changes where an endpoint's events go, which events and its note. */
    private void change(Exchange exchange) {
        DashboardUser user = developer(exchange);
        WebhookEndpointView endpoint = own(exchange, user);
        WebhookForm form = WebhookForm.of(DashboardPages.form(exchange));
        Map<String, FieldProblem> problems = form.problems(user.livemode());
        if (problems.isEmpty()) {
            try {
                update(user, endpoint, new WebhookEndpointChange(form.url(), form.subscribed(), form.description(),
                        null));
            } catch (ApiException refused) {
                problems = WebhookForm.refused(refused.fieldErrors());
            }
        }
        if (!problems.isEmpty()) {
            endpoint(exchange, 400, endpoint, Map.of("form", form, "problems", problems));
            return;
        }
        pages.audit(exchange, user, "webhook_endpoint_changed", endpoint.id() + " " + host(form.url()) + " "
                + String.join(",", form.subscribed()));
        done(exchange, endpoint, "changed");
    }

    /** Disables an endpoint (it gets no events, and those queued for it are not sent) or enables it again. */
    private void enable(Exchange exchange, boolean enabled) {
        DashboardUser user = developer(exchange);
        WebhookEndpointView endpoint = own(exchange, user);
        update(user, endpoint, new WebhookEndpointChange(null, null, null, enabled));
        pages.audit(exchange, user, enabled ? "webhook_endpoint_enabled" : "webhook_endpoint_disabled",
                endpoint.id().toString());
        done(exchange, endpoint, enabled ? "enabled" : "disabled");
    }

    private void update(DashboardUser user, WebhookEndpointView endpoint, WebhookEndpointChange change) {
        Map<String, Object> update = scope(user, "id", endpoint.id());
        update.put("change", change);
        if (pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINT_UPDATE, update, WebhookEndpointView.class) == null) {
            // Deleted by someone else since the page was read.
            throw new DashboardPages.NotFound(user);
        }
    }

    /** Sends the endpoint one signed test event, through the outbox like every event; it shows in the log. */
    private void test(Exchange exchange) {
        DashboardUser user = developer(exchange);
        WebhookEndpointView endpoint = own(exchange, user);
        UUID delivery;
        try {
            delivery = pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINT_TEST, scope(user, "id", endpoint.id()), UUID.class);
        } catch (ApiException disabled) {
            endpoint(exchange, 409, endpoint, Map.of("error", "webhooks.error.disabled"));
            return;
        }
        if (delivery == null) {
            throw new DashboardPages.NotFound(user);
        }
        pages.audit(exchange, user, "webhook_test_sent", endpoint.id() + " delivery " + delivery);
        done(exchange, endpoint, "test");
    }

    /** Asks before deleting: a form, so it works without a script. */
    private void deletion(Exchange exchange) {
        DashboardUser user = developer(exchange);
        WebhookEndpointView endpoint = own(exchange, user);
        pages.render(exchange, 200, "dashboard/webhook-delete", page(user, "webhooks", Map.of("endpoint", endpoint)));
    }

    /** Deletes an endpoint: it gets no more events, and those queued for it are not sent. */
    private void delete(Exchange exchange) {
        DashboardUser user = developer(exchange);
        WebhookEndpointView endpoint = own(exchange, user);
        if (!pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINT_DELETE, scope(user, "id", endpoint.id()), Boolean.class)) {
            throw new DashboardPages.NotFound(user);
        }
        pages.audit(exchange, user, "webhook_endpoint_deleted", endpoint.id() + " " + host(endpoint.url()));
        seeOther(exchange, WEBHOOKS + "?done=deleted");
    }

    /** Sends one of the endpoint's deliveries again now, when it is this merchant's in this mode. */
    private void retry(Exchange exchange) {
        DashboardUser user = developer(exchange);
        WebhookEndpointView endpoint = own(exchange, user);
        UUID id;
        try {
            id = UUID.fromString(exchange.getIn().getHeader("delivery", String.class));
        } catch (IllegalArgumentException | NullPointerException notAnId) {
            throw new DashboardPages.NotFound(user);
        }
        DeliveryView delivery = pages.call(DeliveryEndpoints.GET,
                e -> e.setProperty(DeliveryRoutes.DELIVERY_ID, id), DeliveryView.class);
        if (delivery == null || !delivery.merchantId().equals(user.merchantId())
                || delivery.livemode() != user.livemode() || !DeliveryKind.WEBHOOK_EVENT.name().equals(delivery.kind())) {
            throw new DashboardPages.NotFound(user);
        }
        pages.call(DeliveryEndpoints.RESEND, e -> e.setProperty(DeliveryRoutes.DELIVERY_ID, id), DeliveryView.class);
        pages.audit(exchange, user, "webhook_delivery_retried", id.toString());
        done(exchange, endpoint, "retried");
    }

    /** The endpoint the path names, when it is the merchant's in the member's mode; the 404 page otherwise. */
    private WebhookEndpointView own(Exchange exchange, DashboardUser user) {
        UUID id = DashboardPages.pathId(exchange);
        WebhookEndpointView endpoint = id == null ? null
                : pages.call(DeliveryEndpoints.WEBHOOK_ENDPOINT_GET, scope(user, "id", id), WebhookEndpointView.class);
        if (endpoint == null) {
            throw new DashboardPages.NotFound(user);
        }
        return endpoint;
    }

    /** Back to the endpoint's page, which then says what was done (reloading it does nothing again). */
    private static void done(Exchange exchange, WebhookEndpointView endpoint, String what) {
        seeOther(exchange, WEBHOOKS + "/" + endpoint.id() + "?done=" + what);
    }

    /** What the page reports as done, from its address; only the known ones. */
    private static String done(Exchange exchange) {
        String done = exchange.getIn().getHeader("done", String.class);
        return done != null && DONE.contains(done) ? done : null;
    }

    /** The host an endpoint's URL names: what the audit log keeps of it (a URL may carry a token). */
    private static String host(String url) {
        return ClaimedDelivery.host(url);
    }
}
