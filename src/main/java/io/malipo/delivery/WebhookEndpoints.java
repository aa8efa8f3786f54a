package io.malipo.delivery;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import io.malipo.common.Hmac;
import io.malipo.common.HttpUrls;
import io.malipo.common.PublicAddresses;
import io.malipo.common.RandomTokens;
import io.malipo.common.Rows;
import io.malipo.common.Times;
import io.malipo.merchant.SecretBox;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.springframework.stereotype.Component;

/**
 * Webhook endpoints and the events sent to them: the rules an endpoint's URL and events follow,
 * its secret (sealed at rest under the master key, the endpoint's id as associated data), the
 * event as the bytes that are sent, and its Standard Webhooks signature at send time.
 */
@Component
public class WebhookEndpoints {

    static final String SECRET_PREFIX = "whsec_";
    /**
     * The type of a test event: not a {@link WebhookEventType}, so no endpoint subscribes to it and
     * no event of it is fanned out; it goes only to the endpoint its owner tests.
     */
    public static final String TEST_EVENT = "webhook.test";
    private static final String EVENTS_RULE = "the event types are " + WebhookEventType.allValues()
            + ", or \"" + WebhookEventType.ALL + "\" alone for every event";

    private final SecretBox box;
    private final ObjectMapper mapper;
    private final Clock clock;
    private final PublicAddresses addresses;

    public WebhookEndpoints(SecretBox box, ObjectMapper mapper, Clock clock, PublicAddresses addresses) {
        this.box = box;
        this.mapper = mapper;
        this.clock = clock;
        this.addresses = addresses;
    }

    /**
     * The row of a new endpoint (body in: a map with merchantId, livemode, max and endpoint, a
     * {@link NewWebhookEndpoint}); its secret in clear goes to property {@code secretProperty}.
     */
    @SuppressWarnings("unchecked")
    public void newRow(Exchange exchange, String secretProperty) {
        Map<String, Object> in = exchange.getIn().getBody(Map.class);
        NewWebhookEndpoint endpoint = (NewWebhookEndpoint) in.get("endpoint");
        boolean livemode = (Boolean) in.get("livemode");
        List<FieldError> errors = new ArrayList<>();
        String url = url(endpoint.url(), livemode, errors);
        String events = events(endpoint.events(), errors);
        refuseIfAny(errors);
        UUID id = UUID.randomUUID();
        String secret = SECRET_PREFIX + Base64.getEncoder().encodeToString(RandomTokens.bytes(32));
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", id);
        row.put("merchantId", in.get("merchantId"));
        row.put("livemode", livemode);
        row.put("url", url);
        row.put("events", events);
        row.put("secretSealed", box.seal(id, secret));
        row.put("description", blankToNull(endpoint.description()));
        row.put("enabled", endpoint.enabled() == null || endpoint.enabled());
        row.put("max", in.get("max"));
        row.put("now", now());
        exchange.setProperty(secretProperty, secret);
        exchange.getIn().setBody(row);
    }

    /** The endpoint just stored, with its secret: the only time it is shown. */
    public WebhookEndpointView created(Map<String, Object> row, String secret) {
        return new WebhookEndpointView((UUID) row.get("id"), (String) row.get("url"), split((String) row.get("events")),
                (Boolean) row.get("enabled"), (String) row.get("description"), secret,
                ((OffsetDateTime) row.get("now")).toInstant(), 0);
    }

    /**
     * The update of a stored endpoint (a row of select-webhook-endpoint-for-update.sql) by a
     * change: the fields it gives, checked as on create; the others as they were.
     */
    public Map<String, Object> changed(Map<String, Object> stored, Map<String, Object> key,
            WebhookEndpointChange change) {
        List<FieldError> errors = new ArrayList<>();
        boolean livemode = (Boolean) key.get("livemode");
        String url = change.url() == null ? Rows.string(stored, "url") : url(change.url(), livemode, errors);
        String events = change.events() == null ? Rows.string(stored, "events") : events(change.events(), errors);
        refuseIfAny(errors);
        Map<String, Object> update = new LinkedHashMap<>(key);
        update.put("url", url);
        update.put("events", events);
        update.put("description", change.description() == null ? Rows.string(stored, "description")
                : blankToNull(change.description()));
        update.put("enabled", change.enabled() == null ? Rows.bool(stored, "enabled") : change.enabled());
        update.put("now", now());
        return update;
    }

    /** From a row of the webhook_endpoint table; never with the secret. */
    public static WebhookEndpointView view(Map<String, Object> row) {
        return new WebhookEndpointView(Rows.uuid(row, "id"), Rows.string(row, "url"), split(Rows.string(row, "events")),
                Rows.bool(row, "enabled"), Rows.string(row, "description"), null, Rows.instant(row, "created_at"),
                ((Number) row.get("seq")).longValue());
    }

    @SuppressWarnings("unchecked")
    public static List<WebhookEndpointView> views(List<?> rows) {
        return rows.stream().map(r -> view((Map<String, Object>) r)).toList();
    }

    /** The event as the bytes every endpoint receives: id, type, createdAt, livemode and data.object. */
    String payload(WebhookEvent event, String eventId) throws JsonProcessingException {
        return payload(eventId, event.type().value(), event.now(), event.livemode(), event.object());
    }

    private String payload(String eventId, String type, OffsetDateTime now, boolean livemode, Object object)
            throws JsonProcessingException {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("id", eventId);
        body.put("type", type);
        body.put("createdAt", now.toInstant());
        body.put("livemode", livemode);
        body.put("data", Map.of("object", object));
        return mapper.writeValueAsString(body);
    }

    /**
     * A test event for one stored endpoint (a row of select-webhook-endpoint.sql), of type
     * {@value #TEST_EVENT}, with the endpoint as data.object; 409 while the endpoint is disabled,
     * since its deliveries would be refused.
     */
    public NewDelivery testEvent(Map<String, Object> endpoint) throws JsonProcessingException {
        if (!Rows.bool(endpoint, "enabled")) {
            throw ApiException.conflict("webhook_endpoint_disabled", "This webhook endpoint is disabled: enable it "
                    + "before sending it a test event.");
        }
        String eventId = "evt_" + RandomTokens.base62(24);
        OffsetDateTime now = now();
        boolean livemode = Rows.bool(endpoint, "livemode");
        String url = Rows.string(endpoint, "url");
        return NewDelivery.webhookTest(Rows.uuid(endpoint, "merchant_id"), livemode, Rows.uuid(endpoint, "id"),
                eventId, url, payload(eventId, TEST_EVENT, now, livemode, view(endpoint)), now);
    }

    /** One delivery of the same event (one id, one payload) per enabled endpoint subscribed to its type. */
    public List<NewDelivery> deliveries(WebhookEvent event, List<EnabledEndpoint> endpoints)
            throws JsonProcessingException {
        String eventId = "evt_" + RandomTokens.base62(24);
        String payload = payload(event, eventId);
        return endpoints.stream()
                .filter(e -> {
                    List<String> events = split(e.events());
                    return events.contains(WebhookEventType.ALL) || events.contains(event.type().value());
                })
                .map(e -> NewDelivery.webhookEvent(event, eventId, payload, e.id(), e.url()))
                .toList();
    }

    /**
     * Signs a webhook event at send time (Standard Webhooks): webhook-id is the event's id, the
     * same on every attempt so receivers deduplicate; webhook-timestamp the Unix seconds now;
     * webhook-signature "v1," + Base64 of HMAC-SHA256 over id.timestamp.body, keyed with the
     * secret's bytes after whsec_. Body in: the endpoint (or null when it was deleted); the
     * delivery row in property {@code rowProperty}. Only these headers and Content-Type go out,
     * and the body is the stored payload's bytes, exactly the ones signed.
     */
    public void sign(Exchange exchange, ClaimedDelivery delivery, Map<String, Object> endpoint) {
        if (endpoint == null) {
            exchange.setProperty(DeliverySigner.REFUSED, "the webhook endpoint was deleted");
            return;
        }
        if (!Rows.bool(endpoint, "enabled")) {
            exchange.setProperty(DeliverySigner.REFUSED, "the webhook endpoint is disabled");
            return;
        }
        String secret = box.open(Rows.uuid(endpoint, "id"), Rows.string(endpoint, "secret_sealed"));
        String eventId = delivery.eventId();
        String timestamp = Long.toString(clock.instant().getEpochSecond());
        byte[] body = delivery.payload().getBytes(StandardCharsets.UTF_8);
        Message out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader("Content-Type", "application/json");
        out.setHeader("webhook-id", eventId);
        out.setHeader("webhook-timestamp", timestamp);
        out.setHeader("webhook-signature", signature(secret, eventId, timestamp, body));
        out.setBody(body);
    }

    /** "v1," + Base64 of HMAC-SHA256 over id.timestamp.body, keyed with the Base64-decoded secret after whsec_. */
    static String signature(String secret, String id, String timestamp, byte[] body) {
        byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        byte[] prefix = (id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8);
        byte[] signed = Arrays.copyOf(prefix, prefix.length + body.length);
        System.arraycopy(body, 0, signed, prefix.length, body.length);
        return "v1," + Base64.getEncoder().encodeToString(Hmac.sha256(key, signed));
    }

    private String url(String text, boolean livemode, List<FieldError> errors) {
        Optional<URI> url = HttpUrls.absolute(text);
        if (url.isEmpty()) {
            errors.add(new FieldError("url", "must be an absolute http or https URL of at most "
                    + HttpUrls.MAX_LENGTH + " characters, such as https://shop.example.com/webhooks"));
            return null;
        }
        if (livemode && !HttpUrls.isHttps(url.get())) {
            errors.add(new FieldError("url", HttpUrls.LIVE_RULE));
            return null;
        }
        Optional<String> refused = addresses.refusal(url.get());
        if (refused.isPresent()) {
            errors.add(new FieldError("url", refused.get()));
            return null;
        }
        return text;
    }

    /** The events as stored: the distinct types, comma-separated, or "*". */
    private static String events(List<String> given, List<FieldError> errors) {
        Set<String> events = new LinkedHashSet<>();
        for (int i = 0; i < given.size(); i++) {
            String type = given.get(i);
            if (WebhookEventType.ALL.equals(type)) {
                if (given.size() > 1) {
                    errors.add(new FieldError("events", "\"" + WebhookEventType.ALL
                            + "\" (every event) stands alone, without other types"));
                }
            } else if (type == null || WebhookEventType.of(type).isEmpty()) {
                errors.add(new FieldError("events[" + i + "]", (type == null ? "null" : "\"" + type + "\"")
                        + " is not an event type; " + EVENTS_RULE));
            }
            events.add(type);
        }
        return String.join(",", events);
    }

    private static List<String> split(String events) {
        return List.of(events.split(","));
    }

    private static void refuseIfAny(List<FieldError> errors) {
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }

    private static String blankToNull(String text) {
        return text == null || text.isBlank() ? null : text.strip();
    }

    private OffsetDateTime now() {
        return Times.now(clock);
    }
}
