package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The sandbox is reachable by anyone who can reach Malipo: what it lets in is bounded. A path
 * segment that cannot be one of its names is a 404 that writes nothing and logs no stack trace;
 * an address without Malipo's sandbox key has a small budget; the reports waiting to be sent are
 * capped, and a request past the cap is refused in the provider's own format, nothing booked.
 */
@DirtiesContext
class SandboxLimitsIT extends PostgresIT {

    private static final int BUDGET = 5;
    private static final int MAX_PENDING = 3;

    @DynamicPropertySource
    static void smallLimits(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("sandbox-limits"));
        registry.add("malipo.channels.sandbox.anonymous-requests-per-minute", () -> String.valueOf(BUDGET));
        registry.add("malipo.channels.sandbox.max-pending-reports", () -> String.valueOf(MAX_PENDING));
        // Reports wait this long, so the ones booked here are still pending when the cap is tried.
        registry.add("malipo.test.sandbox-delay", () -> "60s");
    }

    @Autowired
    ProviderDirectory providers;

    @Test
    void aProviderOrReferenceSegmentThatCannotBeOneIsA404ThatWritesNothingAndLogsNoStackTrace() {
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        root.addAppender(log);
        String key = "Bearer " + providers.apiKey("tpesa-tz", false);
        int rows = jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction", Integer.class);
        List<Response> answers = new ArrayList<>();
        try {
            answers.add(http.from("127.0.0.7", "POST", "/sandbox/" + "p".repeat(40) + "/push-ussd/v1/c2b",
                    c2b("1234567890")));
            answers.add(http.from("127.0.0.7", "POST", "/sandbox/HaloPesa-TZ/push-ussd/v1/c2b", c2b("1234567890")));
            answers.add(http.from("127.0.0.7", "POST", "/sandbox/mpesa-tz/push-ussd/v1/c2b", c2b("1234567890")));
            answers.add(http.get("/sandbox/tpesa-tz/push-ussd/v1/requests/" + "r".repeat(65), "Authorization", key));
            answers.add(http.get("/sandbox/tpesa-tz/push-ussd/v1/requests/a%20b", "Authorization", key));
        } finally {
            root.detachAppender(log);
        }

        assertThat(answers).extracting(Response::status).containsOnly(404);
        assertThat(answers.get(0).json().get("detail").asText()).doesNotContain("ppppp");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction", Integer.class)).isEqualTo(rows);
        assertThat(log.list).filteredOn(e -> e.getThrowableProxy() != null).isEmpty();
    }

    @Test
    void aClientCannotNameItsOwnAddressWithTheHeadersTheApiListenerPassesOn() {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i <= BUDGET; i++) {
            statuses.add(http.from("127.0.0.9", "POST", "/sandbox/tpesa-tz/push-ussd/v1/requests", "{}",
                    "Authorization", "Bearer guess-" + i, "X-Malipo-Peer", "198.51.100." + i,
                    "X-Malipo-Front", "0".repeat(64)).status());
        }

        assertThat(statuses.subList(0, BUDGET)).containsOnly(401);
        assertThat(statuses.get(BUDGET)).isEqualTo(429);
    }

    @Test
    void anAddressWithoutTheSandboxKeyHasABudgetThen429WithRetryAfter() {
        List<Integer> statuses = new ArrayList<>();
        for (int i = 0; i <= BUDGET; i++) {
            // A wrong key spends the budget as the open payer simulator does.
            statuses.add(http.from("127.0.0.8", "POST", "/sandbox/tpesa-tz/push-ussd/v1/requests", "{}",
                    "Authorization", "Bearer guess-" + i).status());
        }
        Response over = http.from("127.0.0.8", "POST", "/sandbox/tpesa-tz/push-ussd/v1/c2b", c2b("1234567890"));

        assertThat(statuses.subList(0, BUDGET)).containsOnly(401);
        assertThat(statuses.get(BUDGET)).isEqualTo(429);
        assertThat(over.status()).isEqualTo(429);
        assertThat(over.header("Retry-After")).isPresent();
        // Malipo's own calls, with its key, are not counted.
        Response own = http.from("127.0.0.8", "GET", "/sandbox/tpesa-tz/push-ussd/v1/requests/MLPOWN1", "",
                "Authorization", "Bearer " + providers.apiKey("tpesa-tz", false));
        assertThat(own.status()).as(own.body()).isNotEqualTo(429);
    }

    @Test
    void pastTheCapOfWaitingReportsARequestIsRefusedInTheProvidersFormatAndNothingIsBooked() {
        String key = "Bearer " + providers.apiKey("tpesa-tz", false);
        int booked = 0;
        Response refused = null;
        for (int i = 0; i < MAX_PENDING + 2 && refused == null; i++) {
            Response answer = http.post("/sandbox/tpesa-tz/push-ussd/v1/requests", push("MLPCAP" + i),
                    "Authorization", key);
            if (answer.status() == 202) {
                booked++;
            } else {
                refused = answer;
            }
        }
        int rows = jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction", Integer.class);

        assertThat(refused).as("a request past the cap").isNotNull();
        assertThat(refused.status()).isEqualTo(503);
        assertThat(refused.header("Retry-After")).isPresent();
        assertThat(refused.json().get("status").asText()).isEqualTo("REJECTED");
        assertThat(refused.json().get("reason").asText()).isEqualTo("sandbox_busy");
        assertThat(booked).isLessThanOrEqualTo(MAX_PENDING);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference LIKE 'MLPCAP%'",
                Integer.class)).isEqualTo(booked);
        assertThat(rows).isLessThanOrEqualTo(MAX_PENDING);
    }

    private static String c2b(String token) {
        return "{\"payment_token\": \"" + token + "\", \"msisdn\": \"255730000000\", \"amount\": \"1000\"}";
    }

    private static String push(String reference) {
        return "{\"msisdn\": \"255730000000\", \"amount\": \"1000\", \"currency\": \"TZS\", \"reference\": \""
                + reference + "\", \"callback_url\": \"http://127.0.0.1:9/notify\"}";
    }
}
