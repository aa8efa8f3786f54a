package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.SqlFiles;
import io.malipo.merchant.SecretBox;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.camel.Exchange;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Idempotent writes: a POST sent with an {@code Idempotency-Key} is executed once per merchant,
 * mode and key within the window; the same key with the same request gets the first answer, with
 * another request a 400. The first request claims the key in the database, so this holds across
 * instances; a concurrent repeat waits for the first answer. A request that fails on Malipo's
 * side (5xx) releases its key, so retrying it does the work.
 */
@Component
public class Idempotency {

    public static final String HEADER = "Idempotency-Key";
    static final String CLAIMED = "malipoIdempotencyClaim";
    static final String REPLAYED = "malipoIdempotencyReplayed";
    private static final Pattern KEY = Pattern.compile("[\\x21-\\x7e]{1,255}");
    private static final Duration WAIT_FOR_FIRST = Duration.ofSeconds(10);

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final Duration window;
    private final SecretBox box;

    public Idempotency(NamedParameterJdbcTemplate jdbc, Clock clock, TokenApiProperties properties, SecretBox box) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.window = properties.idempotencyWindow();
        this.box = box;
    }

    /**
     * Claims the request's key (if it has one), or answers it with the first answer and stops the
     * exchange when the key was used before for the same request.
     */
    public void claim(Exchange exchange) throws InterruptedException {
        String key = exchange.getIn().getHeader(HEADER, String.class);
        if (key == null) {
            return;
        }
        if (!KEY.matcher(key).matches()) {
            throw ApiException.invalid(HEADER, "must be 1 to 255 printable ASCII characters without spaces, such as "
                    + "a UUID you generate for each operation");
        }
        ApiCaller caller = ApiCaller.of(exchange);
        Map<String, Object> claim = new LinkedHashMap<>();
        claim.put("merchantId", caller.merchantId());
        claim.put("livemode", caller.livemode());
        claim.put("key", key);
        claim.put("requestHash", fingerprint(exchange));
        claim.put("now", now());
        claim.put("olderThan", now().minus(window));
        jdbc.update(SqlFiles.load("tokenapi/delete-idempotency-key.sql"), claim);
        try {
            jdbc.update(SqlFiles.load("tokenapi/insert-idempotency-key.sql"), claim);
            exchange.setProperty(CLAIMED, claim);
            return;
        } catch (DuplicateKeyException usedBefore) {
            Instant deadline = clock.instant().plus(WAIT_FOR_FIRST);
            do {
                List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("tokenapi/select-idempotency-key.sql"),
                        claim);
                if (rows.isEmpty()) {
                    break;
                }
                Map<String, Object> first = rows.get(0);
                if (!claim.get("requestHash").equals(first.get("request_hash"))) {
                    throw ApiException.badRequest("idempotency_key_reused", "This Idempotency-Key was already used for "
                            + "a different request; use a new key for each operation.");
                }
                if (first.get("response_status") != null) {
                    answer(exchange, ((Number) first.get("response_status")).intValue(),
                            box.open(owner(claim), (String) first.get("response_body")));
                    return;
                }
                Thread.sleep(50);
            } while (clock.instant().isBefore(deadline));
        }
        throw new ApiException(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still being "
                + "processed; retry in a moment to get its answer.");
    }

    /** Keeps the answer of a claimed request for its repeats, or releases the key after a 5xx. */
    @SuppressWarnings("unchecked")
    public void record(Exchange exchange) {
        Map<String, Object> claim = exchange.getProperty(CLAIMED, Map.class);
        if (claim == null || Boolean.TRUE.equals(exchange.getProperty(REPLAYED))) {
            return;
        }
        int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        Map<String, Object> update = new LinkedHashMap<>(claim);
        if (status >= 500) {
            update.put("olderThan", OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC).plusYears(1));
            jdbc.update(SqlFiles.load("tokenapi/delete-idempotency-key.sql"), update);
            return;
        }
        update.put("status", status);
        // Sealed: an answer may hold a secret shown once (a webhook endpoint's).
        String body = exchange.getMessage().getBody(String.class);
        update.put("body", box.seal(owner(claim), body == null ? "" : body));
        jdbc.update(SqlFiles.load("tokenapi/update-idempotency-response.sql"), update);
    }

    /** Binds a stored answer to its merchant, mode and key: a sealed answer copied elsewhere does not open. */
    private static UUID owner(Map<String, Object> claim) {
        return UUID.nameUUIDFromBytes((claim.get("merchantId") + "|" + claim.get("livemode") + "|" + claim.get("key"))
                .getBytes(StandardCharsets.UTF_8));
    }

    public OffsetDateTime forgetBefore() {
        return now().minus(window);
    }

    private static void answer(Exchange exchange, int status, String body) {
        HttpExchanges.answerAgain(exchange, status, status >= 400 ? ErrorResponses.PROBLEM_JSON : JsonBodies.JSON, body,
                REPLAYED);
        exchange.getMessage().setHeader("Idempotent-Replayed", "true");
    }

    /** SHA-256 over what makes two requests the same operation: method, path and body. */
    private static String fingerprint(Exchange exchange) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            HttpServletRequest request = HttpExchanges.request(exchange).orElse(null);
            digest.update((request == null ? "" : request.getMethod() + " " + request.getRequestURI())
                    .getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(HttpExchanges.rawBody(exchange));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM", e);
        }
    }

    private OffsetDateTime now() {
        return OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
