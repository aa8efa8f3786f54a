package io.malipo.checkout;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpExchanges;
import io.malipo.common.SqlFiles;
import io.malipo.common.Times;
import io.malipo.merchant.CheckoutCredential;
import io.malipo.merchant.SecretBox;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Replays of signed checkout requests, on whichever instance they land. A signature is good for
 * the one operation it was first presented to ({@link SignatureUses}); on that operation, a
 * byte-identical request seen again within the timestamp window gets the first answer and is
 * not executed again: the first arrival claims the request's fingerprint in the database, and
 * the answer is stored against it, sealed (answers carry card and payment tokens).
 */
@Component
public class ReplayGuard {

    public static final String FINGERPRINT = "malipoReplayFingerprint";
    static final String REPLAYED = "malipoReplayed";
    private static final List<String> SIGNED_HEADERS =
            List.of("Authorization", "Digest-Method", "Digest", "Timestamp", "Signed-Fields");
    /** Stored answers from before they were sealed, kept at most a timestamp window. */
    private static final String UNSEALED = "{";

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final SignatureUses signatures;
    private final SecretBox box;

    public ReplayGuard(NamedParameterJdbcTemplate jdbc, Clock clock, SignatureUses signatures, SecretBox box) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.signatures = signatures;
        this.box = box;
    }

    /**
     * Claims the request, or, when it was seen before, answers with the first answer and stops
     * the exchange. A signature made for another operation is a 401. An identical request still
     * being processed is answered at once with 503 and Retry-After, never by holding a thread.
     */
    public void claim(Exchange exchange) {
        CheckoutCredential credential = exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
        CheckoutOperation operation = exchange.getProperty(CheckoutAuth.OPERATION, CheckoutOperation.class);
        String bound = signatures.bind(credential.id(), exchange.getIn().getHeader("Timestamp", String.class),
                exchange.getIn().getHeader("Digest", String.class), operation.name());
        if (!bound.equals(operation.name())) {
            throw new ApiException(401, "unauthorized", "This signature was already used for another operation; a "
                    + "signature is good for one operation only. Sign each request with its own Timestamp.");
        }
        String fingerprint = fingerprint(exchange);
        Map<String, Object> key = Map.of("credentialId", credential.id(), "fingerprint", fingerprint);
        try {
            jdbc.update(SqlFiles.load("checkout/insert-replay.sql"), Map.of("credentialId", credential.id(),
                    "fingerprint", fingerprint, "createdAt", Times.now(clock)));
            exchange.setProperty(FINGERPRINT, fingerprint);
            return;
        } catch (DuplicateKeyException seenBefore) {
            List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("checkout/select-replay.sql"), key);
            if (!rows.isEmpty() && rows.get(0).get("response_status") != null) {
                answer(exchange, ((Number) rows.get(0).get("response_status")).intValue(),
                        open(credential.id(), fingerprint, (String) rows.get(0).get("response_body")));
                return;
            }
        }
        // 503 and not 409: the interface's codes have no 409, and the answer is "try again shortly".
        throw new ApiException(503, "request_in_progress",
                "An identical request is still being processed; ask for the order's status in a moment.")
                .withHeader("Retry-After", "1");
    }

    /** Stores the answer of a claimed request, sealed, for its replays. */
    public void record(Exchange exchange) {
        String fingerprint = exchange.getProperty(FINGERPRINT, String.class);
        CheckoutCredential credential = exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
        if (fingerprint == null || credential == null || Boolean.TRUE.equals(exchange.getProperty(REPLAYED))
                || Boolean.TRUE.equals(exchange.getProperty(ErrorRouteConfigurations.DATABASE_UNAVAILABLE))) {
            // Nothing to store, or nowhere to store it: waiting for the database would only hold the answer.
            return;
        }
        Integer status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        String body = exchange.getMessage().getBody(String.class);
        jdbc.update(SqlFiles.load("checkout/update-replay-response.sql"), Map.of("credentialId", credential.id(),
                "fingerprint", fingerprint, "status", status,
                "body", box.seal(owner(credential.id(), fingerprint), body == null ? "" : body)));
    }

    private String open(UUID credentialId, String fingerprint, String stored) {
        if (stored == null || stored.startsWith(UNSEALED)) {
            return stored;
        }
        return box.open(owner(credentialId, fingerprint), stored);
    }

    /** Binds a sealed answer to its request: copied onto another row, it does not open. */
    /** Whose a kept answer is, for the secret box: bound to the credential and request it answers. */
    public static UUID owner(UUID credentialId, String fingerprint) {
        return UUID.nameUUIDFromBytes((credentialId + "|" + fingerprint).getBytes(StandardCharsets.UTF_8));
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
