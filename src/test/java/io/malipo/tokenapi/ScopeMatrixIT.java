package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every operation of the token API against every scope it needs: the table below is the one of
 * the design, and the OpenAPI document must list exactly these operations with these scopes, so
 * an operation added without a row here fails this test.
 */
class ScopeMatrixIT extends PostgresIT {

    private static final String READ = "payments.read";
    private static final String WRITE = "payments.write";
    private static final String PAYOUTS = "payouts.write";
    private static final String REFUNDS = "refunds.write";

    private static final String SOME_ID = UUID.randomUUID().toString();

    private static final Map<String, List<String>> SCOPES = new TreeMap<>(Map.ofEntries(
            Map.entry("GET /payments", List.of(READ)),
            Map.entry("GET /payments/{id}", List.of(READ)),
            Map.entry("POST /collections", List.of(WRITE)),
            Map.entry("GET /balance", List.of(READ)),
            Map.entry("POST /fees/preview", List.of(READ)),
            Map.entry("GET /webhook-endpoints", List.of(READ)),
            Map.entry("POST /webhook-endpoints", List.of(WRITE)),
            Map.entry("PATCH /webhook-endpoints/{id}", List.of(WRITE)),
            Map.entry("DELETE /webhook-endpoints/{id}", List.of(WRITE)),
            Map.entry("GET /providers", List.of(READ)),
            Map.entry("GET /providers/{code}/settings", List.of(WRITE)),
            Map.entry("PUT /providers/{code}/settings", List.of(WRITE)),
            Map.entry("POST /payouts", List.of(PAYOUTS, WRITE)),
            Map.entry("GET /payouts", List.of(READ)),
            Map.entry("GET /payouts/{id}", List.of(READ)),
            Map.entry("POST /reversals", List.of(REFUNDS)),
            Map.entry("GET /reversals/{id}", List.of(READ))));

    private ApiMerchant shop;

    @BeforeEach
    void shop() {
        shop = ApiMerchant.create(http, admin);
    }

    @Test
    void theOpenApiDocumentListsEveryOperationWithTheScopesItNeeds() {
        JsonNode spec = http.get("/openapi.json").json();
        Map<String, List<String>> documented = new TreeMap<>();
        spec.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (!path.getKey().startsWith("/api/v1/") || !op.getValue().has("security")) {
                return;
            }
            List<String> scopes = new ArrayList<>();
            op.getValue().get("security").forEach(requirement -> requirement.elements()
                    .forEachRemaining(list -> list.forEach(s -> scopes.add(s.asText()))));
            documented.put(op.getKey().toUpperCase() + " " + path.getKey().substring("/api/v1".length()), scopes);
        }));

        assertThat(documented).isEqualTo(SCOPES);
        assertThat(spec.get("paths").get("/api/v1/oauth/token").get("post").has("security")).isFalse();
    }

    @Test
    void eachOperationRefusesATokenWithoutOneOfItsScopesNamingIt() {
        SCOPES.forEach((operation, needed) -> {
            for (String missing : needed) {
                List<String> others = new ArrayList<>(ApiMerchant.ALL_SCOPES);
                others.remove(missing);
                Response refused = call(shop.api(others.toArray(String[]::new)), operation);

                assertThat(refused.status()).as(operation + " without " + missing + ": " + refused.body())
                        .isEqualTo(403);
                assertThat(refused.json().get("code").asText()).isEqualTo("insufficient_scope");
                assertThat(refused.json().get("detail").asText()).as(operation).contains(missing);
                assertThat(refused.header("WWW-Authenticate")).as(operation)
                        .hasValueSatisfying(h -> assertThat(h).contains("insufficient_scope"));
            }
        });
    }

    @Test
    void aTokenWithExactlyTheScopesOfAnOperationGetsPastTheScopeCheck() {
        SCOPES.forEach((operation, needed) -> {
            Response answer = call(shop.api(needed.toArray(String[]::new)), operation);

            assertThat(answer.status()).as(operation + ": " + answer.body()).isNotIn(401, 403);
        });
    }

    @Test
    void aScopeRefusalChangesNothing() {
        Http reader = shop.api(READ, PAYOUTS, REFUNDS);
        assertThat(reader.post("/api/v1/webhook-endpoints",
                "{\"url\": \"https://shop.example/hooks\", \"events\": [\"payment.succeeded\"]}").status())
                .isEqualTo(403);
        assertThat(reader.post("/api/v1/payouts",
                "{\"amount\": 1000, \"currency\": \"TZS\", \"msisdn\": \"255754000001\", \"reference\": \"p-1\"}")
                .status()).isEqualTo(403);

        assertThat(jdbc.queryForObject("SELECT count(*) FROM webhook_endpoint WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, shop.id)).isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payout WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, shop.id)).isZero();
    }

    private static Response call(Http api, String operation) {
        String method = operation.substring(0, operation.indexOf(' '));
        String path = "/api/v1" + operation.substring(operation.indexOf(' ') + 1)
                .replace("{id}", SOME_ID).replace("{code}", "mpesa-tz");
        return switch (method) {
            case "GET" -> api.get(path);
            case "DELETE" -> api.send(method, path, null);
            default -> api.send(method, path, "{}", "Content-Type", "application/json");
        };
    }
}
