package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

@ExtendWith(OutputCaptureExtension.class)
class OperationsIT extends PostgresIT {

    @Test
    void healthReportsTheDatabaseAndCamel() {
        Response health = http.get("/actuator/health");

        assertThat(health.status()).isEqualTo(200);
        JsonNode components = health.json().get("components");
        assertThat(health.json().get("status").asText()).isEqualTo("UP");
        assertThat(components.get("db").get("status").asText()).isEqualTo("UP");
        assertThat(components.get("camelHealth").get("status").asText()).isEqualTo("UP");
    }

    @Test
    void prometheusExposesCamelRouteMetrics() {
        admin.post("/admin/v1/merchants", "{\"name\": \"Metered\", \"email\": \"m@shop.co.tz\"}");

        Response metrics = http.get("/actuator/prometheus", "Accept", "text/plain", "Authorization",
                "Bearer " + METRICS_TOKEN);

        assertThat(metrics.status()).isEqualTo(200);
        assertThat(metrics.body()).containsPattern(
                Pattern.compile("camel_exchanges_total\\{[^}]*routeId=\"admin-merchant-create\""));
        assertThat(metrics.body()).contains("application=\"malipo\"");
    }

    @Test
    void metricsAnswerOnlyTheMetricsOrAdminTokenWhileHealthStaysOpen() {
        Response anonymous = http.get("/actuator/prometheus", "Accept", "text/plain");
        Response wrong = http.get("/actuator/prometheus", "Accept", "text/plain", "Authorization", "Bearer nope");
        Response sneaky = http.get("//actuator//prometheus", "Accept", "text/plain");
        Response byAdmin = http.get("/actuator/prometheus", "Accept", "text/plain", "Authorization",
                "Bearer " + ADMIN_TOKEN);
        Response adminWithMetricsToken = http.get("/admin/v1/deliveries", "Authorization", "Bearer " + METRICS_TOKEN);

        assertThat(anonymous.status()).isEqualTo(401);
        assertThat(anonymous.header("WWW-Authenticate")).isPresent();
        assertThat(anonymous.body()).doesNotContain("camel_");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(sneaky.status()).isIn(401, 404);
        assertThat(sneaky.body()).doesNotContain("camel_");
        assertThat(byAdmin.status()).isEqualTo(200);
        assertThat(adminWithMetricsToken.status()).as("the metrics token is no admin token").isEqualTo(401);
        assertThat(http.get("/actuator/health").status()).isEqualTo(200);
    }

    @Test
    void openApiDescribesTheAdminOperations() {
        Response spec = http.get("/openapi.json");

        assertThat(spec.status()).isEqualTo(200);
        JsonNode paths = spec.json().get("paths");
        assertThat(spec.json().get("openapi").asText()).startsWith("3.");
        assertThat(paths.has("/admin/v1/merchants")).isTrue();
        assertThat(paths.get("/admin/v1/merchants").has("post")).isTrue();
        assertThat(paths.get("/admin/v1/api-keys/{id}/rotate").get("post").get("responses").has("201")).isTrue();
        assertThat(spec.json().get("components").get("schemas").has("NewApiKey")).isTrue();
        assertThat(paths.fieldNames()).toIterable().as("the dashboard's pages are not an API")
                .noneMatch(path -> path.startsWith("/dashboard") || path.equals("/"));
    }

    @Test
    void everyRequestIsLoggedOnceWithMerchantAndNothingSecret(CapturedOutput output) {
        String merchant = admin.post("/admin/v1/merchants", "{\"name\": \"Logged\", \"email\": \"l@shop.co.tz\"}")
                .json().get("id").asText();
        Response credential = admin.post("/admin/v1/merchants/" + merchant + "/checkout-credentials", "{}");
        Response key = admin.post("/admin/v1/merchants/" + merchant + "/api-keys",
                "{\"name\": \"k\", \"scopes\": [\"payments.read\"]}");
        Response rotated = admin.post("/admin/v1/api-keys/" + key.json().get("id").asText() + "/rotate", "");
        http.post("/admin/v1/merchants", "{}", "Authorization", "Bearer not-the-token-but-secret-looking");

        String requestId = credential.header("X-Request-Id").orElseThrow();
        assertThat(output.getOut()).containsOnlyOnce("request_id=" + requestId);
        assertThat(output.getOut()).contains("method=POST path=/admin/v1/merchants/" + merchant
                + "/checkout-credentials status=201");
        assertThat(output.getOut()).contains("merchant=" + merchant + " request_id=" + requestId);
        assertThat(output.toString())
                .doesNotContain(ADMIN_TOKEN)
                .doesNotContain("not-the-token-but-secret-looking")
                .doesNotContain(credential.json().get("api_secret").asText())
                .doesNotContain(key.json().get("key").asText())
                .doesNotContain(rotated.json().get("key").asText());
    }

    @Test
    void answersCarryTheirLengthAndRequestsBeyondTheWebThreadsOwnShareAreServedToo() throws Exception {
        Response one = admin.get("/admin/v1/deliveries");
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.header("Content-Length")).as("an answer in memory goes out with its length")
                .contains(String.valueOf(one.body().getBytes(StandardCharsets.UTF_8).length));
        assertThat(one.header("Transfer-Encoding")).isEmpty();

        // More requests at once than run on the web server's threads: the rest are handed to the pool.
        ExecutorService callers = Executors.newFixedThreadPool(96);
        try {
            CountDownLatch together = new CountDownLatch(1);
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 96; i++) {
                answers.add(callers.submit(() -> {
                    together.await();
                    return admin.get("/admin/v1/deliveries").status();
                }));
            }
            together.countDown();
            for (Future<Integer> answer : answers) {
                assertThat(answer.get(60, TimeUnit.SECONDS)).isEqualTo(200);
            }
        } finally {
            callers.shutdownNow();
        }
    }
}
