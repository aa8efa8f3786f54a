package io.malipo.checkout;

import io.malipo.common.ApiException;
import io.malipo.common.Database;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpCall;
import io.malipo.common.HttpExchanges;
import io.malipo.common.SqlFiles;
import io.malipo.common.Times;
import io.malipo.merchant.CheckoutCredential;
import io.malipo.merchant.SecretBox;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
    private static final String KEPT = "malipoReplayAnswerKept";
    private static final List<String> SIGNED_HEADERS =
            List.of("Authorization", "Digest-Method", "Digest", "Timestamp", "Signed-Fields");
    /** Stored answers from before they were sealed, kept at most a timestamp window. */
    private static final String UNSEALED = "{";

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final SignatureUses signatures;
    private final SecretBox box;
    private final Database database;

    public ReplayGuard(NamedParameterJdbcTemplate jdbc, Clock clock, SignatureUses signatures, SecretBox box,
            Database database) {
        this.jdbc = jdbc;
        this.database = database;
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
        claim(exchange, unclaimed(exchange));
    }

    /**
     * {@link #claim} for a request read by {@link #claimLater} before its operation changed the
     * exchange (the request's headers and body make its fingerprint).
     */
    public void claim(Exchange exchange, Unclaimed request) {
        UUID credentialId = request.credentialId();
        String operation = request.operation();
        String fingerprint = request.fingerprint();
        Claim claim = database.isPostgres() ? claimInOneStatement(request)
                : claimStepByStep(credentialId, request.timestamp(), request.digest(), operation, fingerprint);
        if (claim.boundOperation() != null && !claim.boundOperation().equals(operation)) {
            throw new ApiException(401, "unauthorized", "This signature was already used for another operation; a "
                    + "signature is good for one operation only. Sign each request with its own Timestamp.");
        }
        if (claim.claimed()) {
            exchange.setProperty(FINGERPRINT, fingerprint);
            return;
        }
        if (claim.keptStatus() != null) {
            answer(exchange, claim.keptStatus(), open(credentialId, fingerprint, claim.keptBody()));
            return;
        }
        // 503 and not 409: the interface's codes have no 409, and the answer is "try again shortly".
        throw new ApiException(503, "request_in_progress",
                "An identical request is still being processed; ask for the order's status in a moment.")
                .withHeader("Retry-After", "1");
    }

    /** A request to claim: its signature (Timestamp and Digest), operation and fingerprint. */
    public record Unclaimed(UUID credentialId, String timestamp, String digest, String operation, String fingerprint) {

        /** The signature as signature_use stores it. */
        public String signature() {
            return SignatureUses.hash(timestamp, digest);
        }
    }

    /**
     * On PostgreSQL, the request's claim for the operation to make in its own statement, leaving
     * {@link #claim} for when that statement cannot; elsewhere claims the request now, as
     * {@link #claim} does (answering it from its first answer, or refusing it), and gives nothing.
     */
    public Optional<Unclaimed> claimLater(Exchange exchange) {
        if (!database.isPostgres()) {
            claim(exchange);
            return Optional.empty();
        }
        return Optional.of(unclaimed(exchange));
    }

    private static Unclaimed unclaimed(Exchange exchange) {
        CheckoutCredential credential = exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
        return new Unclaimed(credential.id(), exchange.getIn().getHeader("Timestamp", String.class),
                exchange.getIn().getHeader("Digest", String.class), exchange.getProperty(CheckoutAuth.OPERATION, CheckoutOperation.class).name(), fingerprint(exchange));
    }

    /**
     * What the database said of a request: the operation its signature is bound to (null while
     * another use of it is being stored), whether this request claimed its fingerprint, and the
     * answer kept for the fingerprint, if any.
     */
    private record Claim(String boundOperation, boolean claimed, Integer keptStatus, String keptBody) {
    }

    private Claim claimInOneStatement(Unclaimed request) {
        Map<String, Object> parameters = new HashMap<>();
        parameters.put("credentialId", request.credentialId());
        parameters.put("signature", request.signature());
        parameters.put("operation", request.operation());
        parameters.put("fingerprint", request.fingerprint());
        parameters.put("now", Times.now(clock));
        return jdbc.queryForObject(SqlFiles.load("checkout/claim-request.sql"), parameters, (row, n) -> new Claim(
                row.getString("bound_operation"), row.getBoolean("claimed"),
                (Integer) row.getObject("response_status"), row.getString("response_body")));
    }

    private Claim claimStepByStep(UUID credentialId, String timestamp, String digest, String operation,
            String fingerprint) {
        String bound = signatures.bind(credentialId, timestamp, digest, operation);
        if (!bound.equals(operation)) {
            return new Claim(bound, false, null, null);
        }
        Map<String, Object> key = Map.of("credentialId", credentialId, "fingerprint", fingerprint);
        try {
            jdbc.update(SqlFiles.load("checkout/insert-replay.sql"), Map.of("credentialId", credentialId,
                    "fingerprint", fingerprint, "createdAt", Times.now(clock)));
            return new Claim(operation, true, null, null);
        } catch (DuplicateKeyException seenBefore) {
            List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("checkout/select-replay.sql"), key);
            Map<String, Object> kept = rows.isEmpty() ? Map.of() : rows.get(0);
            return new Claim(operation, false, kept.get("response_status") instanceof Number status
                    ? status.intValue() : null, (String) kept.get("response_body"));
        }
    }

    /** A claimed request's answer, sealed, as it is stored with its claim. */
    public record Answer(UUID credentialId, String fingerprint, int status, String body) {
    }

    /**
     * The answer now in the exchange, sealed for storing with the request's claim: empty when the
     * request claimed nothing, was itself answered from a kept answer, or the database is away.
     */
    public Optional<Answer> toKeep(Exchange exchange) {
        String fingerprint = exchange.getProperty(FINGERPRINT, String.class);
        CheckoutCredential credential = exchange.getProperty(CheckoutAuth.CREDENTIAL, CheckoutCredential.class);
        if (fingerprint == null || credential == null || Boolean.TRUE.equals(exchange.getProperty(REPLAYED))
                || Boolean.TRUE.equals(exchange.getProperty(ErrorRouteConfigurations.DATABASE_UNAVAILABLE))) {
            // Nothing to store, or nowhere to store it: waiting for the database would only hold the answer.
            return Optional.empty();
        }
        return Optional.of(sealed(exchange, credential.id(), fingerprint));
    }

    /** The answer now in the exchange, sealed for storing with the claim the operation makes itself. */
    public Answer sealed(Exchange exchange, Unclaimed claim) {
        return sealed(exchange, claim.credentialId(), claim.fingerprint());
    }

    private Answer sealed(Exchange exchange, UUID credentialId, String fingerprint) {
        Integer status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        String body = exchange.getMessage().getBody(String.class);
        return new Answer(credentialId, fingerprint, status,
                box.seal(owner(credentialId, fingerprint), body == null ? "" : body));
    }

    /** Notes that the operation stored its answer in its own statement, so {@link #record} leaves it. */
    public void kept(Exchange exchange) {
        exchange.setProperty(KEPT, true);
    }

    /** Stores the answer of a claimed request, sealed, for its replays. */
    public void record(Exchange exchange) {
        if (Boolean.TRUE.equals(exchange.getProperty(KEPT))) {
            return;
        }
        toKeep(exchange).ifPresent(answer -> jdbc.update(SqlFiles.load("checkout/update-replay-response.sql"),
                Map.of("credentialId", answer.credentialId(), "fingerprint", answer.fingerprint(),
                        "status", answer.status(), "body", answer.body())));
    }

    private String open(UUID credentialId, String fingerprint, String stored) {
        if (stored == null || stored.startsWith(UNSEALED)) {
            return stored;
        }
        return box.open(owner(credentialId, fingerprint), stored);
    }

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
            HttpCall call = HttpExchanges.call(exchange).orElse(null);
            update(digest, call == null ? "" : call.method());
            update(digest, call == null ? "" : call.path());
            update(digest, call == null || call.rawQuery() == null ? "" : call.rawQuery());
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
