package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CallbackReceiver.Received;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.TokenApiIT;
import io.malipo.testsupport.Shop;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.ExchangeBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Webhook events of payments, payouts and reversals, from settlement through the outbox to the merchant's endpoints,
 * signed per Standard Webhooks and checked here with an HMAC of the test's own.
 */
class WebhookEventsIT extends TokenApiIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String APPROVED = "255754000000";
    private static final String DECLINED = "255754000001";

    @Autowired
    CamelContext camel;
    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @Test
    void aCollectionsOutcomeGoesSignedToTheEnabledEndpointsSubscribedToIt() {
        String succeededSecret = endpoint(api, "/succeeded", "[\"payment.succeeded\"]", true);
        String failedSecret = endpoint(api, "/failed", "[\"payment.failed\", \"payout.failed\"]", true);
        String allSecret = endpoint(api, "/all", "[\"*\"]", true);
        endpoint(api, "/payouts", "[\"payout.succeeded\", \"reversal.failed\"]", true);
        endpoint(api, "/disabled", "[\"*\"]", false);
        endpoint(ApiMerchant.create(http, admin).api(), "/another-merchant", "[\"*\"]", true);

        String paid = collect("INV-1", APPROVED, "Ada ya shule – muhula wa 2 ✓");
        String declined = collect("INV-2", DECLINED, null);
        Await.until("both events at /all", () -> receiver.receivedAt("/all").size() == 2);
        Await.until("one event each at /succeeded and /failed",
                () -> receiver.receivedAt("/succeeded").size() == 1 && receiver.receivedAt("/failed").size() == 1);

        Received success = receiver.receivedAt("/succeeded").get(0);
        assertSigned(success, succeededSecret);
        JsonNode event = json(success);
        assertThat(event.fieldNames()).toIterable().containsExactly("id", "type", "createdAt", "livemode", "data");
        assertThat(event.get("id").asText()).startsWith("evt_").isEqualTo(success.headers().get("webhook-id"));
        assertThat(event.get("type").asText()).isEqualTo("payment.succeeded");
        assertThat(event.get("livemode").asBoolean()).isFalse();
        assertThat(event.get("data").fieldNames()).toIterable().containsExactly("object");
        assertThat(event.get("data").get("object")).isEqualTo(api.get("/api/v1/payments/" + paid).json());
        assertThat(event.get("data").get("object").get("description").asText()).isEqualTo("Ada ya shule – muhula wa 2 ✓");
        assertThat(event.get("data").get("object").get("status").asText()).isEqualTo("SUCCEEDED");

        Received failure = receiver.receivedAt("/failed").get(0);
        assertSigned(failure, failedSecret);
        JsonNode failedEvent = json(failure);
        assertThat(failedEvent.get("type").asText()).isEqualTo("payment.failed");
        assertThat(failedEvent.get("data").get("object").get("id").asText()).isEqualTo(declined);
        assertThat(failedEvent.get("data").get("object").get("failureCode").asText()).isEqualTo("declined");

        List<Received> all = receiver.receivedAt("/all");
        all.forEach(r -> assertSigned(r, allSecret));
        assertThat(all).extracting(r -> r.headers().get("webhook-id"))
                .containsExactlyInAnyOrder(event.get("id").asText(), failedEvent.get("id").asText());
        Received sameEvent = all.stream().filter(r -> r.headers().get("webhook-id").equals(event.get("id").asText()))
                .findFirst().orElseThrow();
        assertThat(sameEvent.body()).isEqualTo(success.body());

        // Outcomes are written with their outbox rows, so nothing else is on its way.
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, shop.id)).isEqualTo(4);
        assertThat(receiver.receivedAt("/payouts")).isEmpty();
        assertThat(receiver.receivedAt("/disabled")).isEmpty();
        assertThat(receiver.receivedAt("/another-merchant")).isEmpty();
    }

    @Test
    void onlyTheSignedHeadersGoOut() {
        endpoint(api, "/hooks", "[\"payment.succeeded\"]", true);

        collect("INV-3", APPROVED, null);
        Await.until("the event", () -> receiver.receivedAt("/hooks").size() == 1);

        Map<String, String> headers = receiver.receivedAt("/hooks").get(0).headers();
        assertThat(headers).containsEntry("content-type", "application/json")
                .containsKeys("webhook-id", "webhook-timestamp", "webhook-signature");
        assertThat(headers.keySet()).allSatisfy(name -> assertThat(name)
                .doesNotStartWith("camel").doesNotStartWith("malipo")
                .isNotIn("authorization", "x-api-key", "idempotency-key", "x-request-id", "signed-fields", "digest"));
    }

    @Test
    void aCheckoutPaymentSendsItsEventToo() {
        Shop checkout = new Shop(checkoutMerchant(), jdbc, receiver.url("/callback"));
        Response key = admin.post("/admin/v1/merchants/" + checkout.merchantId() + "/api-keys",
                "{\"name\": \"back end\", \"scopes\": [\"payments.read\", \"payments.write\"]}");
        Http checkoutApi = http.bearer(http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key",
                key.json().get("key").asText()).json().get("access_token").asText());
        String secret = endpoint(checkoutApi, "/events", "[\"payment.succeeded\"]", true);

        checkout.paidOrder("ORD-9");
        Await.until("the event", () -> receiver.receivedAt("/events").size() == 1);

        Received received = receiver.receivedAt("/events").get(0);
        assertSigned(received, secret);
        JsonNode payment = json(received).get("data").get("object");
        assertThat(payment.get("orderId").asText()).isEqualTo("ORD-9");
        assertThat(payment.get("reference").asText()).isEqualTo("T-ORD-9");
        Await.until("the checkout callback", () -> receiver.receivedFor("ORD-9").size() == 1);
    }

    @Test
    void payoutsAndReversalsSendTheirOutcomesAsTheyAreThenRead() {
        String secret = endpoint(api, "/money",
                "[\"payout.succeeded\", \"payout.failed\", \"reversal.succeeded\", \"reversal.failed\"]", true);
        String reversible = settled(collect("INV-6", APPROVED, null));
        // The sandbox refuses reversals to a payer whose number ends in 4.
        String refusedPayer = settled(collect("INV-7", "255754000004", null));

        Map<String, String> expected = new HashMap<>();
        expected.put(created("/api/v1/payouts", "{\"amount\": 1000, \"currency\": \"TZS\", \"msisdn\": \""
                + APPROVED + "\", \"reference\": \"PO-1\"}"), "payout.succeeded");
        expected.put(created("/api/v1/payouts", "{\"amount\": 1000, \"currency\": \"TZS\", \"msisdn\": \""
                + DECLINED + "\", \"reference\": \"PO-2\"}"), "payout.failed");
        expected.put(created("/api/v1/reversals", "{\"paymentId\": \"" + reversible + "\", \"amount\": 1000}"),
                "reversal.succeeded");
        expected.put(created("/api/v1/reversals", "{\"paymentId\": \"" + refusedPayer + "\"}"), "reversal.failed");

        Await.until("four events", () -> receiver.receivedAt("/money").size() == 4);
        Map<String, String> got = new HashMap<>();
        for (Received received : receiver.receivedAt("/money")) {
            assertSigned(received, secret);
            JsonNode event = json(received);
            JsonNode object = event.get("data").get("object");
            String path = event.get("type").asText().startsWith("payout") ? "/api/v1/payouts/" : "/api/v1/reversals/";
            assertThat(object).as(event.get("type").asText()).isEqualTo(api.get(path + object.get("id").asText())
                    .json());
            got.put(object.get("id").asText(), event.get("type").asText());
        }
        assertThat(got).isEqualTo(expected);
    }

    @Test
    void anEndpointDisabledOrDeletedAfterAnEventWasQueuedIsNotSentIt() {
        String disabled = created(api, "/disabled-later", "[\"*\"]", true).get("id").asText();
        String deleted = created(api, "/deleted-later", "[\"*\"]", true).get("id").asText();
        receiver.failWith(503);

        collect("INV-4", APPROVED, null);
        Await.until("a first failed attempt for both", () -> statuses("PENDING").size() == 2
                && receiver.received().size() == 2 * 4);
        assertThat(api.send("PATCH", "/api/v1/webhook-endpoints/" + disabled, "{\"enabled\": false}").status())
                .isEqualTo(200);
        assertThat(api.send("DELETE", "/api/v1/webhook-endpoints/" + deleted, null).status()).isEqualTo(204);
        receiver.recover();

        clock.advance(Duration.ofMinutes(1).plusSeconds(1));

        Await.until("both deliveries to fail", () -> statuses("FAILED").size() == 2);
        assertThat(receiver.received()).hasSize(2 * 4);
        assertThat(jdbc.queryForList("SELECT last_error FROM delivery WHERE merchant_id = CAST(? AS UUID)", String.class,
                shop.id)).containsExactlyInAnyOrder("the webhook endpoint is disabled",
                        "the webhook endpoint was deleted");
    }

    @Test
    void anEventStillOnItsWayWhenTheEndpointMovesGoesToTheNewUrl() {
        JsonNode endpoint = created(api, "/old", "[\"payment.succeeded\"]", true);
        receiver.failWith(503);

        collect("INV-8", APPROVED, null);
        Await.until("a first failed attempt", () -> statuses("PENDING").size() == 1
                && receiver.receivedAt("/old").size() == 4);
        Response moved = api.send("PATCH", "/api/v1/webhook-endpoints/" + endpoint.get("id").asText(),
                "{\"url\": \"" + receiver.url("/new") + "\"}");
        assertThat(moved.status()).as(moved.body()).isEqualTo(200);
        receiver.recover();
        clock.advance(Duration.ofMinutes(1).plusSeconds(1));

        Await.until("the event at the new URL", () -> statuses("DELIVERED").size() == 1);
        assertThat(receiver.receivedAt("/new")).hasSize(1);
        assertSigned(receiver.receivedAt("/new").get(0), endpoint.get("secret").asText());
        assertThat(receiver.receivedAt("/old")).hasSize(4);
    }

    @Test
    void aReceiverFailingThenRecoveringStillGetsTheEventWithTheSameIdAndAFreshSignature() {
        String secret = endpoint(api, "/flaky", "[\"payment.failed\"]", true);
        receiver.failWith(500);

        collect("INV-5", DECLINED, null);
        Await.until("a first failed attempt", () -> statuses("PENDING").size() == 1
                && receiver.receivedAt("/flaky").size() == 4);
        receiver.recover();
        clock.advance(Duration.ofMinutes(1).plusSeconds(1));

        Await.until("the event to be delivered", () -> statuses("DELIVERED").size() == 1);
        List<Received> posts = receiver.receivedAt("/flaky");
        assertThat(posts).hasSize(5);
        posts.forEach(p -> assertSigned(p, secret));
        assertThat(posts.stream().map(p -> p.headers().get("webhook-id")).distinct()).hasSize(1);
        assertThat(posts.stream().map(Received::body).distinct()).hasSize(1);
        long first = Long.parseLong(posts.get(0).headers().get("webhook-timestamp"));
        long last = Long.parseLong(posts.get(4).headers().get("webhook-timestamp"));
        assertThat(last - first).isBetween(60L, 70L);
    }

    @Test
    void anEnqueuedEventLeavesTheCallersExchangeAsItWasAndEverySubscriberGetsTheSameEvent() {
        String first = created(api, "/first", "[\"payout.succeeded\"]", true).get("id").asText();
        String second = created(api, "/second", "[\"*\"]", true).get("id").asText();
        endpoint(api, "/other", "[\"payout.failed\"]", true);
        WebhookEvent body = new WebhookEvent(UUID.fromString(shop.id), false, WebhookEventType.PAYOUT_SUCCEEDED,
                Map.of("id", "po_1", "amount", 100), "PAYOUT", UUID.randomUUID(), OffsetDateTime.now(clock));
        Exchange exchange = ExchangeBuilder.anExchange(camel).withBody(body).withHeader("X-Caller", "kept")
                .withProperty("malipoPayoutId", "po_1").build();

        Exchange after = camel.createProducerTemplate().send("direct:webhook-event-enqueue", exchange);

        assertThat(after.getException()).isNull();
        assertThat(after.getMessage().getBody()).isSameAs(body);
        assertThat(after.getMessage().getHeaders()).containsOnlyKeys("X-Caller");
        assertThat(after.getProperties()).containsEntry("malipoPayoutId", "po_1")
                .allSatisfy((name, value) -> assertThat(name).matches("malipoPayoutId|Camel.*"));
        List<Map<String, Object>> rows = jdbc.queryForList("SELECT CAST(webhook_endpoint_id AS VARCHAR) AS endpoint, "
                + "event_id, kind, source_type FROM delivery WHERE merchant_id = CAST(? AS UUID)", shop.id);
        assertThat(rows).extracting(r -> r.get("endpoint")).containsExactlyInAnyOrder(first, second);
        assertThat(rows).extracting(r -> r.get("event_id")).containsOnly(rows.get(0).get("event_id"));
        assertThat(rows).allSatisfy(r -> assertThat(r).containsEntry("kind", "WEBHOOK_EVENT")
                .containsEntry("source_type", "PAYOUT"));
        Await.until("both endpoints to get it",
                () -> receiver.receivedAt("/first").size() == 1 && receiver.receivedAt("/second").size() == 1);
        Received received = receiver.receivedAt("/first").get(0);
        assertThat(received.body()).isEqualTo(receiver.receivedAt("/second").get(0).body());
        assertThat(json(received).get("data").get("object").get("id").asText()).isEqualTo("po_1");
        assertThat(receiver.receivedAt("/other")).isEmpty();

        Exchange untyped = camel.createProducerTemplate().send("direct:webhook-event-enqueue",
                ExchangeBuilder.anExchange(camel).withBody(Map.of("type", "payout.sent")).build());
        assertThat(untyped.getException()).hasMessageContaining("WebhookEvent");
    }

    /** Creates an endpoint at a path of the receiver; answers its secret. */
    private String endpoint(Http client, String path, String events, boolean enabled) {
        return created(client, path, events, enabled).get("secret").asText();
    }

    private JsonNode created(Http client, String path, String events, boolean enabled) {
        Response created = client.post("/api/v1/webhook-endpoints", "{\"url\": \"" + receiver.url(path)
                + "\", \"events\": " + events + ", \"enabled\": " + enabled + "}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private String collect(String reference, String msisdn, String description) {
        Response created = api.post("/api/v1/collections", "{\"amount\": 5000, \"currency\": \"TZS\", \"msisdn\": \""
                + msisdn + "\", \"reference\": \"" + reference + "\""
                + (description == null ? "" : ", \"description\": \"" + description + "\"") + "}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    /** Waits until the payment has succeeded; answers its id. */
    private String settled(String payment) {
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + payment, "SUCCEEDED");
        return payment;
    }

    /** POSTs a payout or reversal, which must be accepted; answers its id. */
    private String created(String path, String body) {
        Response created = api.post(path, body);
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    private List<String> statuses(String status) {
        return jdbc.queryForList("SELECT id::text FROM delivery WHERE merchant_id = CAST(? AS UUID) AND status = ?",
                String.class, shop.id, status);
    }

    /**
     * Checks the signature as a receiver following Standard Webhooks does: HMAC-SHA256 keyed with
     * the Base64-decoded secret after whsec_, over webhook-id "." webhook-timestamp "." the raw body.
     */
    private void assertSigned(Received received, String secret) {
        String id = received.headers().get("webhook-id");
        String timestamp = received.headers().get("webhook-timestamp");
        assertThat(id).isNotBlank();
        assertThat(Math.abs(Long.parseLong(timestamp) - clock.instant().getEpochSecond())).isLessThan(120);
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(received.bytes()));
            assertThat(received.headers().get("webhook-signature").split(" ")).contains(expected);
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static JsonNode json(Received received) {
        try {
            return JSON.readTree(received.bytes());
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
