package io.malipo.common;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import jakarta.validation.constraints.NotBlank;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.apache.camel.builder.RouteBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Every error convention on every surface. The checkout and token APIs have no operations of
 * their own yet, so a probe operation on each surface opts into that surface's production
 * route configuration and fails on request.
 */
@Import(ErrorConventionsIT.Probes.class)
class ErrorConventionsIT extends PostgresIT {

    static Stream<Arguments> surfaces() {
        return Stream.of(
                Arguments.of(Surface.CHECKOUT, "/v1/checkout"),
                Arguments.of(Surface.TOKEN_API, "/api/v1"),
                Arguments.of(Surface.ADMIN, "/admin/v1"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void unknownPathIs404(Surface surface, String base) {
        Response response = http.get(base + "/no-such-operation");

        assertError(surface, response, 404, "not_found");
        assertThat(message(surface, response)).contains(base + "/no-such-operation").contains("/openapi.json");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void wrongMethodIs405WithAllow(Surface surface, String base) {
        Response response = http.send("PUT", base + "/probe", "{}");

        assertError(surface, response, 405, "method_not_allowed");
        assertThat(response.headers().entrySet()).filteredOn(h -> h.getKey().equalsIgnoreCase("Allow"))
                .singleElement().satisfies(h -> assertThat(h.getValue()).containsExactly("POST"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void aRequestTheServerCannotParseIs400InTheSurfaceFormat(Surface surface, String base) {
        Response malformedUrl = http.raw("GET " + base + "/probe%zz HTTP/1.1\n");
        Response hugeHeader = http.raw("GET " + base + "/probe HTTP/1.1\nX-Padding: " + "a".repeat(20_000) + "\n");

        assertError(surface, malformedUrl, 400, "bad_request");
        assertThat(message(surface, malformedUrl)).contains("percent-encoded");
        assertError(surface, hugeHeader, 400, "bad_request");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void acceptWithoutJsonIs406(Surface surface, String base) {
        Response response = http.post(base + "/probe", "{\"action\": \"ok\"}", "Accept", "text/html, text/plain");

        assertError(surface, response, 406, "not_acceptable");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void acceptThatAllowsJsonIsServed(Surface surface, String base) {
        for (String accept : List.of("application/json", "*/*", "application/json, text/plain, */*",
                "application/problem+json", "text/html;q=0.9, application/*;q=0.8", "not a media type")) {
            assertThat(http.post(base + "/probe", "{\"action\": \"ok\"}", "Accept", accept).status())
                    .as(accept).isEqualTo(200);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void malformedJsonIs400(Surface surface, String base) {
        Response response = http.post(base + "/probe", "{\"action\": ");

        assertError(surface, response, 400, "malformed_json");
        assertThat(message(surface, response)).startsWith("The body is not valid JSON (line 1, column");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void invalidFieldIs400NamingTheField(Surface surface, String base) {
        Response response = http.post(base + "/probe", "{\"action\": \"\"}");

        assertError(surface, response, 400, "validation_failed");
        assertThat(message(surface, response)).isEqualTo("action: must not be blank");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void bodyOverTheCapIs413WhetherItsLengthIsDeclaredOrNot(Surface surface, String base) {
        String big = "{\"action\": \"" + "x".repeat(64 * 1024) + "\"}";

        Response declared = http.post(base + "/probe", big);
        Response chunked = http.sendChunked("POST", base + "/probe", big.getBytes());

        assertError(surface, declared, 413, "body_too_large");
        assertError(surface, chunked, 413, "body_too_large");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void bodyJustUnderTheCapIsRead(Surface surface, String base) {
        String body = "{\"action\": \"ok\", \"padding\": \"" + "x".repeat(64 * 1024 - 40) + "\"}";
        assertThat(body.length()).isLessThanOrEqualTo(64 * 1024);

        assertThat(http.sendChunked("POST", base + "/probe", body.getBytes()).status()).isEqualTo(200);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void unexpectedFailureIs500WithAReferenceAndNoInternals(Surface surface, String base) {
        Response response = http.post(base + "/probe", "{\"action\": \"fail\"}");

        assertError(surface, response, 500, "internal_error");
        String reference = response.json().get("reference").asText();
        assertThat(response.header("X-Request-Id")).contains(reference);
        assertThat(message(surface, response)).contains(reference);
        assertThat(response.body()).doesNotContain("SELECT").doesNotContain("mk_test_").doesNotContain("Exception")
                .doesNotContain("at io.malipo").doesNotContain("probe-");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void failuresInsideATransactionAreAnsweredLikeAnyOther(Surface surface, String base) {
        Response failed = http.post(base + "/probe", "{\"action\": \"transacted-fail\"}");
        Response refused = http.post(base + "/probe", "{\"action\": \"transacted-refusal\"}");
        Response databaseDown = http.post(base + "/probe", "{\"action\": \"transacted-database-down\"}");

        assertError(surface, failed, 500, "internal_error");
        assertError(surface, refused, 409, "conflict");
        assertError(surface, databaseDown, 503, "service_unavailable");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void aTransactionTheDatabaseCannotBeginOrTakesDownWithItIs503WithRetryAfter(Surface surface, String base) {
        // No connection to begin one; the connection lost inside one, so that its rollback fails
        // too (in a sub-route of the request and in a transaction of its own); the connection lost
        // just before the commit, so that the commit and the rollback after it fail.
        Map<String, Response> responses = new LinkedHashMap<>();
        for (String action : List.of("transaction-not-begun", "transacted-connection-lost", "connection-lost",
                "commit-lost")) {
            responses.put(action, http.post(base + "/probe", "{\"action\": \"" + action + "\"}"));
        }

        assertThat(responses).allSatisfy((action, response) -> assertThat(response.status()).as(action).isEqualTo(503));
        responses.forEach((action, response) -> {
            assertError(surface, response, 503, "service_unavailable");
            assertThat(response.header("Retry-After")).as(action).contains("5");
        });
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void unreachableDatabaseIs503WithRetryAfter(Surface surface, String base) {
        Response response = http.post(base + "/probe", "{\"action\": \"database-down\"}");

        assertError(surface, response, 503, "service_unavailable");
        assertThat(response.header("Retry-After")).contains("5");
        assertThat(response.body()).doesNotContain("jdbc:");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("surfaces")
    void requestHeadersAreNeverEchoed(Surface surface, String base) {
        Response response = http.post(base + "/probe", "{\"action\": \"ok\"}",
                "Authorization", "Bearer secret-token-value", "X-Api-Key", "mk_test_secret",
                "Digest", "c2lnbmF0dXJl", "Signed-Fields", "order_id", "Timestamp", "2026-01-01T00:00:00+03:00",
                "X-Custom", "anything");

        assertThat(response.status()).isEqualTo(200);
        assertThat(response.headers().keySet()).map(String::toLowerCase)
                .doesNotContain("authorization", "x-api-key", "digest", "signed-fields", "timestamp", "x-custom");
        assertThat(response.headers().toString()).doesNotContain("secret");
    }

    @Test
    void checkoutClientsWithDoubledSlashesOrRepeatedVersionGetTheEnvelope() {
        for (String path : List.of("//v1/checkout/nothing", "/v1/v1/checkout/nothing", "/v1//checkout/nothing")) {
            assertError(Surface.CHECKOUT, http.get(path), 404, "not_found");
        }
    }

    @Test
    void pathsOutsideTheApisAnswerProblemDetails() {
        assertError(Surface.OTHER, http.get("/no-such-page"), 404, "not_found");
        assertError(Surface.OTHER, http.get("/error"), 404, "not_found");
    }

    @Test
    void everyResponseCarriesARequestId() {
        Response ok = http.post("/api/v1/probe", "{\"action\": \"ok\"}");
        Response notFound = http.get("/v1/checkout/nothing");

        assertThat(ok.header("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).hasSize(36));
        assertThat(notFound.json().get("reference").asText()).isEqualTo(notFound.header("X-Request-Id").orElseThrow());
    }

    private static void assertError(Surface surface, Response response, int status, String code) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        JsonNode body = response.json();
        if (surface == Surface.CHECKOUT) {
            assertThat(response.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
            assertThat(body.properties()).extracting(Map.Entry::getKey)
                    .containsExactlyInAnyOrder("reference", "resultcode", "result", "message", "data");
            assertThat(List.of("reference", "resultcode", "result", "message")).allSatisfy(
                    field -> assertThat(body.get(field).isTextual()).as(field + " is a string").isTrue());
            assertThat(body.get("resultcode").asText()).isEqualTo(Integer.toString(status));
            assertThat(body.get("result").asText()).isEqualTo("FAIL");
            assertThat(body.get("data").isArray()).isTrue();
            assertThat(body.get("data")).isEmpty();
        } else {
            assertThat(response.header("Content-Type")).contains("application/problem+json");
            assertThat(body.get("type").asText()).isEqualTo("urn:malipo:problem:" + code);
            assertThat(body.get("status").asInt()).isEqualTo(status);
            assertThat(body.get("code").asText()).isEqualTo(code);
            assertThat(body.get("title").asText()).isNotBlank();
            assertThat(body.get("detail").asText()).isNotBlank();
            assertThat(body.get("reference").asText()).isEqualTo(response.header("X-Request-Id").orElseThrow());
        }
    }

    private static String message(Surface surface, Response response) {
        return response.json().get(surface == Surface.CHECKOUT ? "message" : "detail").asText();
    }

    record Probe(@NotBlank String action, String padding) {
    }

    @TestConfiguration(proxyBeanMethods = false)
    static class Probes {

        @Bean
        RouteBuilder probeRoutes(JsonBodies json, Transactions transactions, TransactionTemplate template,
                JdbcTemplate jdbc, DataSource dataSource) {
            return new RouteBuilder() {
                @Override
                public void configure() {
                    probe("/v1/checkout", "probe-checkout", ErrorRouteConfigurations.CHECKOUT);
                    probe("/api/v1", "probe-api", ErrorRouteConfigurations.TOKEN_API);
                    probe("/admin/v1", "probe-admin", ErrorRouteConfigurations.ADMIN);
                }

                private void probe(String base, String routeId, String errors) {
                    rest(base).post("/probe").to("direct:" + routeId);
                    from("direct:" + routeId).routeId(routeId).routeConfigurationId(errors)
                            .process(json.read(Probe.class))
                            .choice()
                                .when(simple("${body.action} startsWith 'transacted-'"))
                                    .process(transactions.in("direct:" + routeId + "-transacted"))
                            .end()
                            .process(exchange -> {
                                switch (exchange.getIn().getBody(Probe.class).action()) {
                                    case "fail" -> throw new IllegalStateException(
                                            "SELECT secret_hash FROM api_key WHERE lookup = 'mk_test_abc'");
                                    case "database-down" -> throw new CannotGetJdbcConnectionException(
                                            "jdbc:postgresql://db:5432/malipo refused");
                                    case "transaction-not-begun" -> throw new CannotCreateTransactionException(
                                            "Could not open JDBC Connection for transaction",
                                            new SQLTransientConnectionException("Connection is not available"));
                                    case "connection-lost" -> template.executeWithoutResult(tx -> loseConnection(jdbc));
                                    case "commit-lost" -> template.executeWithoutResult(tx -> endSession(dataSource,
                                            jdbc.queryForObject("SELECT pg_backend_pid()", Integer.class)));
                                    default -> json.respond(exchange, 200, Map.of("ok", true));
                                }
                            });
                    // Failures inside a transaction reach the caller's error handling too.
                    from("direct:" + routeId + "-transacted").routeId(routeId + "-transacted")
                            .errorHandler(noErrorHandler())
                            .process(exchange -> {
                                switch (exchange.getIn().getBody(Probe.class).action()) {
                                    case "transacted-fail" -> throw new IllegalStateException("SELECT 1");
                                    case "transacted-refusal" -> throw new ApiException(409, "conflict",
                                            "refused inside a transaction");
                                    case "transacted-connection-lost" -> loseConnection(jdbc);
                                    default -> throw new CannotGetJdbcConnectionException("jdbc:postgresql://db");
                                }
                            });
                }
            };
        }

        /** The session ends under the statement, as when PostgreSQL is stopped: the pool then drops the connection. */
        private static void loseConnection(JdbcTemplate jdbc) {
            jdbc.execute("SELECT pg_terminate_backend(pg_backend_pid())");
        }

        /** Another session ends this one while it waits for its next statement (here, its commit). */
        private static void endSession(DataSource dataSource, int pid) {
            try (Connection other = dataSource.getConnection(); Statement sql = other.createStatement()) {
                sql.execute("SELECT pg_terminate_backend(" + pid + ")");
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
