package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.TokenApiIT;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Webhook endpoints in the token API: create, list, change, delete; their rules, scoping and secrets. */
class WebhookEndpointsApiIT extends TokenApiIT {

    private static final String PATH = "/api/v1/webhook-endpoints";
    /** malipo.token-api.max-webhook-endpoints as configured. */
    private static final int MAX_ENDPOINTS = 16;

    @Test
    void anEndpointIsCreatedWithItsSecretShownOnceThenListedChangedAndDeleted() {
        Response created = api.post(PATH, "{\"url\": \"https://shop.example.com/hooks\", \"events\": "
                + "[\"payment.succeeded\", \"payment.failed\", \"payment.succeeded\"], \"description\": \"ERP\"}");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode endpoint = created.json();
        String id = endpoint.get("id").asText();
        assertThat(endpoint.get("url").asText()).isEqualTo("https://shop.example.com/hooks");
        assertThat(texts(endpoint.get("events"))).containsExactly("payment.succeeded", "payment.failed");
        assertThat(endpoint.get("enabled").asBoolean()).isTrue();
        assertThat(endpoint.get("description").asText()).isEqualTo("ERP");
        assertThat(endpoint.get("createdAt").asText()).isNotBlank();
        String secret = endpoint.get("secret").asText();
        assertThat(secret).startsWith("whsec_");
        assertThat(Base64.getDecoder().decode(secret.substring("whsec_".length()))).hasSize(32);
        assertThat(jdbc.queryForObject("SELECT secret_sealed FROM webhook_endpoint WHERE id = CAST(? AS UUID)",
                String.class, id)).doesNotContain(secret.substring("whsec_".length()));

        JsonNode listed = api.get(PATH).json().get("data");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("id").asText()).isEqualTo(id);
        assertThat(listed.get(0).has("secret")).isFalse();
        assertThat(listed.get(0).get("createdAt")).isEqualTo(endpoint.get("createdAt"));

        Response changed = api.send("PATCH", PATH + "/" + id, "{\"enabled\": false, \"events\": [\"*\"]}");
        assertThat(changed.status()).as(changed.body()).isEqualTo(200);
        assertThat(changed.json().get("enabled").asBoolean()).isFalse();
        assertThat(texts(changed.json().get("events"))).containsExactly("*");
        assertThat(changed.json().get("url").asText()).isEqualTo("https://shop.example.com/hooks");
        assertThat(changed.json().get("description").asText()).isEqualTo("ERP");
        assertThat(changed.json().has("secret")).isFalse();
        Response moved = api.send("PATCH", PATH + "/" + id, "{\"url\": \"http://shop.example.com/v2\", "
                + "\"description\": \"\"}");
        assertThat(moved.json().get("url").asText()).isEqualTo("http://shop.example.com/v2");
        assertThat(moved.json().get("description").isNull()).isTrue();
        assertThat(moved.json().get("enabled").asBoolean()).isFalse();
        assertThat(api.get(PATH).json().get("data").get(0)).isEqualTo(moved.json());

        Response deleted = api.send("DELETE", PATH + "/" + id, null);
        assertThat(deleted.status()).as(deleted.body()).isEqualTo(204);
        assertThat(deleted.body()).isEmpty();
        assertThat(api.get(PATH).json().get("data")).isEmpty();
        assertThat(api.send("DELETE", PATH + "/" + id, null).status()).isEqualTo(404);
        assertThat(api.send("PATCH", PATH + "/" + id, "{\"enabled\": true}").status()).isEqualTo(404);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "{\"events\": [\"*\"]}                                                  | url",
        "{\"url\": \"ftp://shop.example.com/hooks\", \"events\": [\"*\"]}      | url",
        "{\"url\": \"/hooks\", \"events\": [\"*\"]}                            | url",
        "{\"url\": \"https://\", \"events\": [\"*\"]}                          | url",
        "{\"url\": 42, \"events\": [\"*\"]}                                    | url",
        "{\"url\": \"https://shop.example.com/hooks\"}                         | events",
        "{\"url\": \"https://shop.example.com/hooks\", \"events\": []}         | events",
        "{\"url\": \"https://shop.example.com/hooks\", \"events\": \"*\"}      | events",
        "{\"url\": \"https://shop.example.com/hooks\", \"events\": [\"payment.failed\", \"payment.refunded\"]} | events[1]",
        "{\"url\": \"https://shop.example.com/hooks\", \"events\": [\"*\", \"payment.failed\"]} | events",
        "{\"url\": \"https://shop.example.com/hooks\", \"events\": [\"*\"], \"enabled\": \"yes\"} | enabled",
        "{\"url\": \"https://shop.example.com/hooks\", \"events\": [\"*\"], \"secret\": \"whsec_mine\"} | secret"})
    void badEndpointsAre400NamingTheField(String body, String field) {
        assertInvalid(api.post(PATH, body), field);
        assertThat(api.get(PATH).json().get("data")).isEmpty();
    }

    @Test
    void urlsAndDescriptionsHaveMaximumLengthsAndChangesFollowTheRulesOfCreation() {
        String longest = "https://shop.example.com/" + "a".repeat(2048 - 25);
        assertThat(api.post(PATH, "{\"url\": \"" + longest + "\", \"events\": [\"*\"]}").status()).isEqualTo(201);
        assertInvalid(api.post(PATH, "{\"url\": \"" + longest + "a\", \"events\": [\"*\"]}"), "url");
        assertInvalid(api.post(PATH, "{\"url\": \"https://shop.example.com\", \"events\": [\"*\"], \"description\": \""
                + "d".repeat(256) + "\"}"), "description");

        String id = create("https://shop.example.com/hooks", "[\"payment.failed\"]").get("id").asText();
        assertInvalid(api.send("PATCH", PATH + "/" + id, "{\"url\": \"shop.example.com\"}"), "url");
        assertInvalid(api.send("PATCH", PATH + "/" + id, "{\"events\": []}"), "events");
        assertInvalid(api.send("PATCH", PATH + "/" + id, "{\"events\": [\"payout.sent\"]}"), "events[0]");
        assertInvalid(api.send("PATCH", PATH + "/" + id, "{\"enabled\": 0}"), "enabled");
        assertThat(api.send("PATCH", PATH + "/" + id, "{}").json().get("url").asText())
                .isEqualTo("https://shop.example.com/hooks");
    }

    @Test
    void liveEndpointsMustBeHttps() {
        ApiMerchant live = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of());
        Http liveApi = live.api();

        Response plain = liveApi.post(PATH, "{\"url\": \"http://shop.example.com/hooks\", \"events\": [\"*\"]}");
        assertInvalid(plain, "url");
        assertThat(plain.json().get("errors").get(0).get("message").asText()).contains("https");
        Response secure = liveApi.post(PATH, "{\"url\": \"https://shop.example.com/hooks\", \"events\": [\"*\"]}");
        assertThat(secure.status()).as(secure.body()).isEqualTo(201);
        String id = secure.json().get("id").asText();
        assertInvalid(liveApi.send("PATCH", PATH + "/" + id, "{\"url\": \"http://shop.example.com/hooks\"}"), "url");
        // Each mode has its own endpoints.
        assertThat(api.get(PATH).json().get("data")).isEmpty();
        assertThat(api.send("DELETE", PATH + "/" + id, null).status()).isEqualTo(404);
    }

    @Test
    void anotherMerchantsEndpointIsNotFoundAndNeverListed() {
        String id = create("https://shop.example.com/hooks", "[\"*\"]").get("id").asText();
        Http other = ApiMerchant.create(http, admin).api();

        assertThat(other.get(PATH).json().get("data")).isEmpty();
        assertThat(other.send("PATCH", PATH + "/" + id, "{\"url\": \"https://evil.example.com\"}").status())
                .isEqualTo(404);
        assertThat(other.send("DELETE", PATH + "/" + id, null).status()).isEqualTo(404);
        assertThat(api.send("DELETE", PATH + "/not-a-uuid", null).status()).isEqualTo(404);
        assertThat(api.get(PATH).json().get("data").get(0).get("url").asText())
                .isEqualTo("https://shop.example.com/hooks");
    }

    @Test
    void readingNeedsPaymentsReadAndChangingPaymentsWrite() {
        Http reader = shop.api("payments.read");
        assertThat(reader.get(PATH).status()).isEqualTo(200);
        assertThat(reader.post(PATH, "{\"url\": \"https://shop.example.com\", \"events\": [\"*\"]}").status())
                .isEqualTo(403);
        String id = create("https://shop.example.com/hooks", "[\"*\"]").get("id").asText();
        assertThat(reader.send("PATCH", PATH + "/" + id, "{\"enabled\": false}").status()).isEqualTo(403);
        assertThat(reader.send("DELETE", PATH + "/" + id, null).status()).isEqualTo(403);
        assertThat(shop.api("payments.write").get(PATH).status()).isEqualTo(403);
    }

    @Test
    void aMerchantHasAtMostTheConfiguredNumberOfEndpointsPerMode() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < MAX_ENDPOINTS; i++) {
            ids.add(create("https://shop.example.com/hooks/" + i, "[\"*\"]").get("id").asText());
        }

        Response refused = api.post(PATH, "{\"url\": \"https://shop.example.com/one-more\", \"events\": [\"*\"]}");
        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("code").asText()).isEqualTo("too_many_webhook_endpoints");

        assertThat(api.send("DELETE", PATH + "/" + ids.get(0), null).status()).isEqualTo(204);
        assertThat(api.post(PATH, "{\"url\": \"https://shop.example.com/one-more\", \"events\": [\"*\"]}").status())
                .isEqualTo(201);
        // The limit is per merchant.
        assertThat(ApiMerchant.create(http, admin).api().post(PATH, "{\"url\": \"https://a.example.com\", "
                + "\"events\": [\"*\"]}").status()).isEqualTo(201);
    }

    @Test
    void endpointsCreatedAllAtOnceStillStopAtTheLimit() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(24);
        List<Callable<Response>> creates = new ArrayList<>();
        for (int i = 0; i < 3 * MAX_ENDPOINTS; i++) {
            String url = "https://shop.example.com/burst/" + i;
            creates.add(() -> api.post(PATH, "{\"url\": \"" + url + "\", \"events\": [\"*\"]}"));
        }
        List<Response> answers = new ArrayList<>();
        for (Future<Response> answer : pool.invokeAll(creates)) {
            answers.add(answer.get());
        }
        pool.shutdown();

        assertThat(answers.stream().filter(a -> a.status() == 201)).hasSize(MAX_ENDPOINTS);
        assertThat(answers.stream().filter(a -> a.status() != 201)).hasSize(2 * MAX_ENDPOINTS)
                .allSatisfy(a -> assertThat(a.json().get("code").asText()).isEqualTo("too_many_webhook_endpoints"));
        assertThat(jdbc.queryForObject("SELECT count(*) FROM webhook_endpoint WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, shop.id)).isEqualTo(MAX_ENDPOINTS);
    }

    @Test
    void theListIsPagedNewestFirstWithCursorsOfItsOwn() {
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            made.add(create("https://shop.example.com/hooks/" + i, "[\"*\"]").get("id").asText());
        }

        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = api.get(PATH + "?limit=2" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            assertThat(page.get("data").size()).isLessThanOrEqualTo(2);
            page.get("data").forEach(e -> seen.add(e.get("id").asText()));
            cursor = page.has("nextCursor") ? page.get("nextCursor").asText() : null;
            assertThat(page.get("hasMore").asBoolean()).isEqualTo(cursor != null);
        } while (cursor != null);
        Collections.reverse(made);
        assertThat(seen).containsExactlyElementsOf(made);

        String endpointsCursor = api.get(PATH + "?limit=1").json().get("nextCursor").asText();
        assertInvalidCursor(api.get("/api/v1/payments?cursor=" + endpointsCursor));
        for (int i = 0; i < 2; i++) {
            jdbc.update("INSERT INTO payment (id, merchant_id, livemode, kind, channel, provider, amount, fee, currency, "
                    + "msisdn, merchant_reference, reference, status, created_at, updated_at) VALUES (gen_random_uuid(), "
                    + "CAST(? AS UUID), false, 'COLLECTION', 'WALLET_PULL', 'mpesa-tz', 1000, 15, 'TZS', '255754000000', "
                    + "?, ?, 'SUCCEEDED', now(), now())", shop.id, "R-" + i, "MLP" + UUID.randomUUID().toString()
                    .substring(0, 16));
        }
        String paymentsCursor = api.get("/api/v1/payments?limit=1").json().get("nextCursor").asText();
        assertInvalidCursor(api.get(PATH + "?cursor=" + paymentsCursor));
        assertInvalid(api.get(PATH + "?limit=101"), "limit");
    }

    @Test
    void theSameIdempotencyKeyCreatesOneEndpoint() {
        String body = "{\"url\": \"https://shop.example.com/hooks\", \"events\": [\"payment.succeeded\"]}";
        Response first = api.post(PATH, body, "Idempotency-Key", "hook-1");
        Response again = api.post(PATH, body, "Idempotency-Key", "hook-1");

        assertThat(first.status()).isEqualTo(201);
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.json().get("id")).isEqualTo(first.json().get("id"));
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(api.get(PATH).json().get("data")).hasSize(1);
    }

    @Test
    void openApiDescribesEveryWebhookEndpointOperation() {
        JsonNode spec = http.get("/openapi.json").json();
        JsonNode list = spec.get("paths").get(PATH);
        JsonNode one = spec.get("paths").get(PATH + "/{id}");

        assertThat(list.get("get").get("responses").has("200")).isTrue();
        assertThat(list.get("post").get("responses").has("201")).isTrue();
        assertThat(list.get("post").get("summary").asText()).contains("webhook-signature");
        assertThat(one.get("patch").get("responses").has("404")).isTrue();
        assertThat(one.get("delete").get("responses").has("204")).isTrue();
        assertThat(spec.get("components").get("schemas").fieldNames()).toIterable()
                .contains("NewWebhookEndpoint", "WebhookEndpointChange", "WebhookEndpointView", "WebhookEndpointPage");
    }

    private JsonNode create(String url, String events) {
        Response created = api.post(PATH, "{\"url\": \"" + url + "\", \"events\": " + events + "}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json();
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asText()));
        return texts;
    }

    private static void assertInvalid(Response answer, String field) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("errors").findValuesAsText("field")).as(answer.body()).contains(field);
    }

    private static void assertInvalidCursor(Response answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("code").asText()).isEqualTo("invalid_cursor");
    }
}
