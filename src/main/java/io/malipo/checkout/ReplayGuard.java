package io.malipo.checkout;

import io.malipo.common.ApiException;
import io.malipo.common.HttpExchanges;
import io.malipo.common.SqlFiles;
import io.malipo.merchant.CheckoutCredential;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * A byte-identical signed request seen again within the timestamp window gets the first
 * answer and is not executed again, on whichever instance it lands: the first arrival claims
 * the request's fingerprint in the database, and the answer is stored against it.
 */
@Component
public class ReplayGuard {

    public static final String FINGERPRINT = "malipoReplayFingerprint";
    static final String REPLAYED = "malipoReplayed";
    private static final Duration WAIT_FOR_FIRST = Duration.ofSeconds(10);
    private static final List<String> SIGNED_HEADERS =
            List.of("Authorization", "Digest-Method", "Digest", "Timestamp", "Signed-Fields");

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;

    public ReplayGuard(NamedParameterJdbcTemplate jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    /**
     * Claims the request, or, when it was seen before, answers with the first answer and stops
     * the exchange. Two identical requests at once: the second waits for the first's answer, and
     * when that takes too long it is answered 503 with Retry-After.
     */
    public void claim(Exchange exchange) throws InterruptedException {
        CheckoutCredential credential = exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
        String fingerprint = fingerprint(exchange);
        Map<String, Object> key = Map.of("credentialId", credential.id(), "fingerprint", fingerprint);
        try {
            jdbc.update(SqlFiles.load("checkout/insert-replay.sql"), Map.of("credentialId", credential.id(),
                    "fingerprint", fingerprint, "createdAt", OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC)));
            exchange.setProperty(FINGERPRINT, fingerprint);
            return;
        } catch (DuplicateKeyException seenBefore) {
            Instant deadline = Instant.now().plus(WAIT_FOR_FIRST);
            while (Instant.now().isBefore(deadline)) {
                List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("checkout/select-replay.sql"), key);
                if (!rows.isEmpty() && rows.get(0).get("response_status") != null) {
                    answer(exchange, ((Number) rows.get(0).get("response_status")).intValue(),
                            (String) rows.get(0).get("response_body"));
                    return;
                }
                Thread.sleep(50);
            }
        }
        // 503 and not 409: the interface's codes have no 409, and the answer is "try again shortly".
        throw new ApiException(503, "request_in_progress",
                "An identical request is still being processed; ask for the order's status in a moment.")
                .withHeader("Retry-After", "1");
    }

    /** Stores the answer of a claimed request, for its replays. */
    public void record(Exchange exchange) {
        String fingerprint = exchange.getProperty(FINGERPRINT, String.class);
        CheckoutCredential credential = exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
        if (fingerprint == null || credential == null || Boolean.TRUE.equals(exchange.getProperty(REPLAYED))) {
            return;
        }
        Integer status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        jdbc.update(SqlFiles.load("checkout/update-replay-response.sql"), Map.of("credentialId", credential.id(),
                "fingerprint", fingerprint, "status", status,
                "body", exchange.getMessage().getBody(String.class)));
    }

    private static void answer(Exchange exchange, int status, String body) {
        HttpExchanges.answerAgain(exchange, status, Envelope.CONTENT_TYPE, body, REPLAYED);
    }

    /** SHA-256 over everything that makes two requests byte-identical. */
    private static String fingerprint(Exchange exchange) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            HttpServletRequest request = HttpExchanges.request(exchange).orElse(null);
            update(digest, request == null ? "" : request.getMethod());
            update(digest, request == null ? "" : request.getRequestURI());
            update(digest, request == null || request.getQueryString() == null ? "" : request.getQueryString());
            for (String header : SIGNED_HEADERS) {
                update(digest, exchange.getIn().getHeader(header, "", String.class));
            }
            digest.update(HttpExchanges.rawBody(exchange));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM", e);
        }
    }

    private static void update(MessageDigest digest, String part) {
        digest.update(part.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
    }
}
