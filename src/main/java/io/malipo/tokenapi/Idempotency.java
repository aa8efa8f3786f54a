package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpCall;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import io.malipo.common.Times;
import io.malipo.common.Transactions;
import io.malipo.merchant.SecretBox;
import io.malipo.payments.PaymentsEndpoints;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Idempotent writes: a POST sent with an {@code Idempotency-Key} is executed once per merchant,
 * mode and key within the window; the same key with the same request gets the first answer, with
 * another request a 400. The first request claims the key in the database, so this holds across
 * instances, and its work marks the key done in the very transaction that commits the work. So:
 * <ul>
 * <li>a repeat while the first is still running is answered at once (409, retry in a second),
 * never by holding a thread until the first finishes;</li>
 * <li>a request that failed on Malipo's side before its work committed releases its key, and
 * so does one Malipo refused on purpose with a 5xx that says to retry (a provider that could not
 * be reached: nothing was sent), so retrying runs again;</li>
 * <li>once the work committed the key is kept, even when the answer was lost (the answer failed,
 * or the instance stopped): a repeat then gets what the work made, never a second payout or
 * reversal;</li>
 * <li>a claim whose request stopped before committing anything passes to a repeat once it is
 * older than any request runs; should the first request still try to commit, it finds its claim
 * gone and its work rolls back.</li>
 * </ul>
 */
@Component
public class Idempotency {

    public static final String HEADER = "Idempotency-Key";
    static final String CLAIMED = "malipoIdempotencyClaim";
    static final String REPLAYED = "malipoIdempotencyReplayed";
    private static final Pattern KEY = Pattern.compile("[\\x21-\\x7e]{1,255}");
    /** Longer than any request runs (provider calls are bounded well below it). */
    static final Duration CLAIM_LAPSES_AFTER = Duration.ofMinutes(2);
    /** What a repeat shows of a request whose work committed but whose answer was lost. */
    private static final Map<String, Resource> RESOURCES = Map.of(
            "PAYMENT", new Resource(PaymentsEndpoints.VIEW, "paymentId"),
            "PAYOUT", new Resource(PaymentsEndpoints.PAYOUT_VIEW, "payoutId"),
            "REVERSAL", new Resource(PaymentsEndpoints.REVERSAL_VIEW, "reversalId"));

    private record Resource(String viewRoute, String idName) {
    }

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final Duration window;
    private final SecretBox box;
    private final JsonBodies json;
    private final ProducerTemplate views;

    public Idempotency(NamedParameterJdbcTemplate jdbc, Clock clock, TokenApiProperties properties, SecretBox box,
            JsonBodies json, CamelContext camel) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.window = properties.idempotencyWindow();
        this.box = box;
        this.json = json;
        this.views = camel.createProducerTemplate();
    }

    /**
     * Claims the request's key (if it has one), or answers it and stops the exchange when the key
     * was used before for the same request.
     */
    public void claim(Exchange exchange) throws Exception {
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
        claim.put("claimToken", UUID.randomUUID());
        claim.put("now", now());
        claim.put("olderThan", now().minus(window));
        boolean taken;
        try {
            taken = jdbc.update(SqlFiles.load("tokenapi/claim-idempotency-key.sql"), claim) == 0;
        } catch (DuplicateKeyException claimedMeanwhile) {
            taken = true;
        }
        if (!taken) {
            claimed(exchange, claim);
            return;
        }
        List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("tokenapi/select-idempotency-key.sql"), claim);
        if (!rows.isEmpty() && repeat(exchange, claim, rows.get(0))) {
            return;
        }
        throw new ApiException(409, "idempotency_key_in_use", "A request with this Idempotency-Key is still being "
                + "processed; retry in a moment to get its answer.").withHeader("Retry-After", "1");
    }

    /** True when the repeat was answered, or took over a lapsed claim; false when the first still runs. */
    private boolean repeat(Exchange exchange, Map<String, Object> claim, Map<String, Object> first) throws Exception {
        if (!claim.get("requestHash").equals(first.get("request_hash"))) {
            throw ApiException.badRequest("idempotency_key_reused", "This Idempotency-Key was already used for "
                    + "a different request; use a new key for each operation.");
        }
        boolean committed = first.get("committed_at") != null;
        if (first.get("response_body") != null) {
            answer(exchange, ((Number) first.get("response_status")).intValue(),
                    box.open(owner(claim), (String) first.get("response_body")));
            return true;
        }
        boolean lapsed = Rows.instant(first, "created_at").isBefore(now().minus(CLAIM_LAPSES_AFTER).toInstant());
        if (committed && (first.get("response_status") != null || lapsed)) {
            answerLost(exchange, claim, Rows.string(first, "resource_type"), Rows.uuid(first, "resource_id"));
            return true;
        }
        if (!lapsed) {
            return false;
        }
        Map<String, Object> takeOver = new LinkedHashMap<>(claim);
        takeOver.put("staleToken", Rows.uuid(first, "claim_token"));
        takeOver.put("staleBefore", now().minus(CLAIM_LAPSES_AFTER));
        if (jdbc.update(SqlFiles.load("tokenapi/update-idempotency-claim-taken-over.sql"), takeOver) == 1) {
            claimed(exchange, claim);
            return true;
        }
        return false;
    }

    /** The work committed but its answer never reached the client: what it made, as created. */
    private void answerLost(Exchange exchange, Map<String, Object> claim, String type, UUID id) throws Exception {
        Resource resource = type == null ? null : RESOURCES.get(type);
        if (resource == null) {
            throw new ApiException(409, "idempotency_key_done", "The request with this Idempotency-Key was carried "
                    + "out, but its answer was lost; list the resource to see the result.");
        }
        Map<String, Object> query = new LinkedHashMap<>();
        query.put(resource.idName(), id);
        query.put("merchantId", claim.get("merchantId"));
        query.put("livemode", claim.get("livemode"));
        json.respond(exchange, 201, views.requestBody(resource.viewRoute(), query));
        answer(exchange, 201, exchange.getMessage().getBody(String.class));
    }

    private void claimed(Exchange exchange, Map<String, Object> claim) {
        exchange.setProperty(CLAIMED, claim);
        Transactions.beforeCommit(exchange, e -> {
            Transactions.Created created = Transactions.created(e);
            Map<String, Object> done = new LinkedHashMap<>(claim);
            done.put("now", now());
            done.put("resourceType", created == null ? null : created.type());
            done.put("resourceId", created == null ? null : created.id());
            if (jdbc.update(SqlFiles.load("tokenapi/update-idempotency-committed.sql"), done) == 0) {
                throw new ApiException(409, "idempotency_key_in_use", "This request took too long and a repeat "
                        + "with the same Idempotency-Key took over; nothing was done by this one.");
            }
        });
    }

    /**
     * Keeps the answer of a claimed request for its repeats; after a 5xx, releases the key unless
     * the request's work committed (then a repeat gets what it made).
     */
    @SuppressWarnings("unchecked")
    public void record(Exchange exchange) {
        Map<String, Object> claim = exchange.getProperty(CLAIMED, Map.class);
        if (claim == null || Boolean.TRUE.equals(exchange.getProperty(REPLAYED))
                || Boolean.TRUE.equals(exchange.getProperty(ErrorRouteConfigurations.DATABASE_UNAVAILABLE))) {
            // Nothing to keep, or nowhere to keep it: a claim left by a request the database failed
            // passes on to a repeat once it lapses.
            return;
        }
        int status = exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE, 200, Integer.class);
        Map<String, Object> update = new LinkedHashMap<>(claim);
        update.put("status", status);
        if (status >= 500) {
            boolean deliberate = exchange.getProperty(Exchange.EXCEPTION_CAUGHT) instanceof ApiException;
            List<Map<String, Object>> rows = jdbc.queryForList(SqlFiles.load("tokenapi/select-idempotency-key.sql"),
                    claim);
            boolean committed = !rows.isEmpty() && rows.get(0).get("committed_at") != null;
            if (deliberate || !committed) {
                jdbc.update(SqlFiles.load("tokenapi/delete-idempotency-claim.sql"), claim);
            } else {
                // The work is done and only its answer failed: repeats are shown what it made.
                update.put("body", null);
                jdbc.update(SqlFiles.load("tokenapi/update-idempotency-response.sql"), update);
            }
            return;
        }
        // Sealed: an answer may hold a secret shown once (a webhook endpoint's).
        String body = exchange.getMessage().getBody(String.class);
        update.put("body", box.seal(owner(claim), body == null ? "" : body));
        jdbc.update(SqlFiles.load("tokenapi/update-idempotency-response.sql"), update);
    }

    /** Binds a stored answer to its merchant, mode and key: a sealed answer copied elsewhere does not open. */
    private static UUID owner(Map<String, Object> claim) {
        return owner((UUID) claim.get("merchantId"), (Boolean) claim.get("livemode"), (String) claim.get("key"));
    }

    /** Whose a kept answer is, for the secret box: bound to the merchant, mode and key it answers. */
    public static UUID owner(UUID merchantId, boolean livemode, String key) {
        return UUID.nameUUIDFromBytes((merchantId + "|" + livemode + "|" + key).getBytes(StandardCharsets.UTF_8));
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
            HttpCall call = HttpExchanges.call(exchange).orElse(null);
            digest.update((call == null ? "" : call.method() + " " + call.path())
                    .getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(HttpExchanges.rawBody(exchange));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM", e);
        }
    }

    private OffsetDateTime now() {
        return Times.now(clock);
    }
}
