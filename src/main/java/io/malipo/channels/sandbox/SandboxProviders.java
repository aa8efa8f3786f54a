package io.malipo.channels.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.channels.ChannelProperties.Provider;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.ProviderNotifications;
import io.malipo.common.ApiException;
import io.malipo.common.Hmac;
import io.malipo.common.RandomTokens;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import jakarta.annotation.PreDestroy;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The sandbox providers: stand-ins for the mobile-money providers and the card processor in
 * test mode. They are separate systems Malipo reaches over HTTP, with the same APIs the
 * connectors speak: they keep their own books (in tables of their own), accept a request at
 * once, decide its outcome, and report it a moment later to Malipo's notification endpoint
 * (signed or not, as each provider does), and to status queries.
 *
 * <p>Outcomes, decided once the sandbox delay has passed:
 * <ul>
 * <li>a wallet push (collection) is declined by the payer when the MSISDN ends in 1, fails for
 * insufficient funds when it ends in 2, is never answered when it ends in 3, and succeeds
 * otherwise;
 * <li>a payout fails as recipient_rejected when the payee's MSISDN ends in 1, as limit_exceeded
 * when it ends in 2, is never answered when it ends in 3, and succeeds otherwise;
 * <li>a reversal of a wallet payment fails as reversal_refused when the payer's MSISDN ends in 4
 * and succeeds otherwise; a reversal (refund) of a card charge succeeds. A reversal names the
 * original transaction by the sandbox's id for it, and takes the payer (MSISDN or card) from
 * that transaction in the sandbox's own books;
 * <li>cards 4111111111111111 and 5555555555554444 are approved, 4000000000000002 is declined.
 * </ul>
 */
@Component
public class SandboxProviders {

    public static final Set<String> APPROVED_CARDS = Set.of("4111111111111111", "5555555555554444");
    public static final String DECLINED_CARD = "4000000000000002";
    /** The kinds of booked transaction: a wallet push, a payment the payer made on their own, a card charge... */
    public static final String PUSH = "PUSH";
    public static final String C2B = "C2B";
    public static final String CHARGE = "CHARGE";
    /** ...money sent to a wallet, and money of a collection sent back to its payer. */
    public static final String PAYOUT = "PAYOUT";
    public static final String REVERSAL = "REVERSAL";
    /** What a reversal may send back. */
    public static final Set<String> COLLECTIONS = Set.of(PUSH, C2B, CHARGE);
    /** Every kind, for status resources that answer for any of them. */
    public static final Set<String> ANY_KIND = Set.of(PUSH, C2B, CHARGE, PAYOUT, REVERSAL);
    private static final Logger LOG = LoggerFactory.getLogger(SandboxProviders.class);
    /**
     * The APIs whose notifications carry X-Signature; the others report as their providers do
     * (Airtel with its hash in the body, Vodacom unsigned), each callback written by its simulator.
     */
    private static final Set<String> HEADER_SIGNED = Set.of("push-ussd", "card");
    private static final List<Duration> CALLBACK_RETRIES = List.of(Duration.ZERO, Duration.ofSeconds(2),
            Duration.ofSeconds(10));

    private final NamedParameterJdbcTemplate jdbc;
    private final ProviderDirectory providers;
    private final ChannelProperties properties;
    private final Clock clock;
    private final ObjectMapper mapper;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** The APIs whose real provider does not sign its reports: their sandbox does not either. */
    /** Booked requests whose report is still to be sent: the scheduler's queue has no bound of its own. */
    private final AtomicInteger pendingReports = new AtomicInteger();
    private final ScheduledExecutorService callbacks = Executors.newScheduledThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "sandbox-callbacks");
        thread.setDaemon(true);
        return thread;
    });

    public SandboxProviders(NamedParameterJdbcTemplate jdbc, ProviderDirectory providers, ChannelProperties properties,
            Clock clock, ObjectMapper mapper) {
        this.jdbc = jdbc;
        this.providers = providers;
        this.properties = properties;
        this.clock = clock;
        this.mapper = mapper;
    }

    /** One request in the sandbox's books. */
    public record Transaction(String id, String provider, String reference, String msisdn, String cardToken,
            BigDecimal amount, String currency, String kind, Instant createdAt) {
    }

    /** A decided outcome: SUCCEEDED, FAILED (with a code and message) or still PENDING. */
    public record Result(PaymentResult outcome, String failureCode, String failureMessage) {
    }

    /** The provider called {@code provider} if the sandbox plays it on the API of {@code connector}; 404 otherwise. */
    public Provider provider(String provider, String connector) {
        return providers.find(provider).filter(p -> p.connector().equals(connector)).orElseThrow(() ->
                ApiException.notFound("The sandbox has no " + connector + " provider called " + provider + "."));
    }

    /** The sandbox answers only Malipo's test-mode key for this provider, on the API its connector speaks. */
    public void authenticate(String provider, String connector, String authorization) {
        Provider known = provider(provider, connector);
        if (!Hmac.same("Bearer " + providers.apiKey(provider, false), authorization)) {
            throw new ApiException(401, "unauthorized", "The sandbox for " + known.name()
                    + " accepts only Malipo's test-mode key.");
        }
    }

    /** Books a request and schedules its report, written by {@code callback} in the provider's format and signed. */
    public Transaction record(String provider, String reference, String msisdn, String cardToken, BigDecimal amount,
            String currency, String kind, Function<Transaction, Map<String, Object>> callback) {
        return record(provider, reference, msisdn, cardToken, amount, currency, kind, callback, true);
    }

    /**
     * Books a request and schedules its report, written by {@code callback} in the provider's
     * format; {@code signed} as the sandbox's providers sign theirs ({@code X-Signature}), or
     * unsigned, as most real providers send theirs.
     */
    public Transaction record(String provider, String reference, String msisdn, String cardToken, BigDecimal amount,
            String currency, String kind, Function<Transaction, Map<String, Object>> callback, boolean signed) {
        if (pendingReports.incrementAndGet() > properties.sandbox().maxPendingReports()) {
            pendingReports.decrementAndGet();
            throw new ApiException(503, "sandbox_busy", "The sandbox has too many reports waiting to be sent; nothing "
                    + "was booked. Try again in a moment.").withHeader("Retry-After", "1");
        }
        try {
            return book(provider, reference, msisdn, cardToken, amount, currency, kind, callback, signed);
        } catch (RuntimeException notBooked) {
            pendingReports.decrementAndGet();
            throw notBooked;
        }
    }

    private Transaction book(String provider, String reference, String msisdn, String cardToken, BigDecimal amount,
            String currency, String kind, Function<Transaction, Map<String, Object>> callback, boolean signed) {
        Instant now = clock.instant();
        Transaction transaction = new Transaction(kind.charAt(0) + RandomTokens.crockford(15), provider, reference,
                msisdn, cardToken, amount, currency, kind, now);
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", transaction.id());
        row.put("provider", provider);
        row.put("reference", reference);
        row.put("msisdn", msisdn);
        row.put("cardToken", cardToken);
        row.put("amount", amount);
        row.put("currency", currency);
        row.put("kind", kind);
        row.put("now", OffsetDateTime.ofInstant(now, ZoneOffset.UTC));
        jdbc.update(SqlFiles.load("sandbox/insert-transaction.sql"), row);
        long delay = C2B.equals(kind) ? 0 : properties.sandboxDelay().toMillis();
        callbacks.schedule(() -> report(transaction, callback, signed, 0), delay, TimeUnit.MILLISECONDS);
        return transaction;
    }

    /**
     * Books a reversal of {@code originalId}, a collection in this provider's books, to the payer
     * of that collection (its MSISDN or card); the whole amount when {@code amount} is null.
     * Unknown originals are 404 and amounts above the original's 400, as a provider would refuse them.
     */
    public Transaction reverse(String provider, String originalId, String reference, BigDecimal amount,
            Function<Transaction, Map<String, Object>> callback) {
        Transaction original = byId(provider, String.valueOf(originalId)).filter(t -> COLLECTIONS.contains(t.kind()))
                .orElseThrow(() -> ApiException.notFound("No payment " + originalId + " to reverse."));
        if (amount != null && amount.compareTo(original.amount()) > 0) {
            throw ApiException.badRequest("amount_too_large", "A reversal cannot send back more than the "
                    + original.amount().toPlainString() + " " + original.currency() + " of " + originalId + ".");
        }
        return record(provider, reference, original.msisdn(), original.cardToken(),
                amount == null ? original.amount() : amount, original.currency(), REVERSAL, callback);
    }

    /** The transaction this provider booked with the id {@code id}, the sandbox's own. */
    public Optional<Transaction> byId(String provider, String id) {
        return jdbc.queryForList(SqlFiles.load("sandbox/select-transaction.sql"), Map.of("provider", provider, "id", id))
                .stream().findFirst().map(SandboxProviders::transaction);
    }

    /** The transaction this provider booked under {@code reference}, if it is of one of {@code kinds}. */
    public Optional<Transaction> find(String provider, String reference, Set<String> kinds) {
        return jdbc.queryForList(SqlFiles.load("sandbox/select-transaction-by-reference.sql"),
                Map.of("provider", provider, "reference", reference, "kinds", kinds)).stream().findFirst()
                .map(SandboxProviders::transaction);
    }

    private static Transaction transaction(Map<String, Object> r) {
        return new Transaction(Rows.string(r, "id"), Rows.string(r, "provider"), Rows.string(r, "reference"),
                Rows.string(r, "msisdn"), Rows.string(r, "card_token"), (BigDecimal) r.get("amount"),
                Rows.string(r, "currency"), Rows.string(r, "kind"), Rows.instant(r, "created_at"));
    }

    /** The outcome of a booked request as of now: pending until the sandbox delay has passed. */
    public Result result(Transaction transaction) {
        Result succeeded = new Result(PaymentResult.SUCCEEDED, null, null);
        if (C2B.equals(transaction.kind())) {
            return succeeded;
        }
        if (transaction.createdAt().plus(properties.sandboxDelay()).isAfter(clock.instant())) {
            return new Result(PaymentResult.PENDING, null, null);
        }
        char last = transaction.msisdn() == null ? ' ' : transaction.msisdn().charAt(transaction.msisdn().length() - 1);
        if (PAYOUT.equals(transaction.kind())) {
            return switch (last) {
                case '1' -> new Result(PaymentResult.FAILED, "recipient_rejected",
                        "The recipient's wallet cannot receive this payment.");
                case '2' -> new Result(PaymentResult.FAILED, "limit_exceeded",
                        "The payment would take the recipient's wallet over its limit.");
                case '3' -> new Result(PaymentResult.PENDING, null, null);
                default -> succeeded;
            };
        }
        if (REVERSAL.equals(transaction.kind())) {
            return transaction.cardToken() == null && last == '4'
                    ? new Result(PaymentResult.FAILED, "reversal_refused", "The payer's wallet refused the reversal.")
                    : succeeded;
        }
        if (transaction.cardToken() != null) {
            String number = card(transaction.cardToken()).orElse("");
            return APPROVED_CARDS.contains(number) ? succeeded
                    : new Result(PaymentResult.FAILED, "declined", "The card issuer declined the charge.");
        }
        return switch (last) {
            case '1' -> new Result(PaymentResult.FAILED, "declined", "The payer declined the payment on the phone.");
            case '2' -> new Result(PaymentResult.FAILED, "insufficient_funds", "The payer's wallet balance is too low.");
            case '3' -> new Result(PaymentResult.PENDING, null, null);
            default -> succeeded;
        };
    }

    /** A test card turned into a token; only the published test numbers are accepted, never a real card. */
    public Map<String, Object> tokenize(String number, String expiry) {
        String digits = number == null ? "" : number.replaceAll("[ -]", "");
        if (!APPROVED_CARDS.contains(digits) && !DECLINED_CARD.equals(digits)) {
            throw ApiException.invalid("card_number", "the sandbox takes only its test cards: 4111111111111111 and "
                    + "5555555555554444 (approved), 4000000000000002 (declined)");
        }
        if (expiry == null || !expiry.matches("(0[1-9]|1[0-2])/[0-9]{2}")) {
            throw ApiException.invalid("expiry", "must be MM/YY");
        }
        String token = "tok_" + RandomTokens.base62(24);
        jdbc.update(SqlFiles.load("sandbox/insert-card.sql"), Map.of("token", token, "cardNumber", digits,
                "now", OffsetDateTime.now(clock)));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("token", token);
        answer.put("brand", digits.startsWith("4") ? "visa" : "mastercard");
        answer.put("last4", digits.substring(digits.length() - 4));
        return answer;
    }

    public Optional<String> card(String token) {
        return jdbc.queryForList(SqlFiles.load("sandbox/select-card.sql"), Map.of("token", token), String.class)
                .stream().findFirst();
    }

    /** Sends the report once the outcome is decided, retrying a few times; the last try frees its place. */
    private void report(Transaction transaction, Function<Transaction, Map<String, Object>> callback, boolean signed,
            int attempt) {
        boolean again = false;
        try {
            again = !sent(transaction, callback, signed) && attempt + 1 < CALLBACK_RETRIES.size();
        } finally {
            if (again) {
                callbacks.schedule(() -> report(transaction, callback, signed, attempt + 1),
                        CALLBACK_RETRIES.get(attempt + 1).toMillis(), TimeUnit.MILLISECONDS);
            } else {
                pendingReports.decrementAndGet();
            }
        }
    }

    /** Whether the report is done with: sent and taken, or nothing to report (never answered, like a silent payer). */
    private boolean sent(Transaction transaction, Function<Transaction, Map<String, Object>> callback,
            boolean signed) {
        Result result = result(transaction);
        if (result.outcome() == PaymentResult.PENDING) {
            return true;
        }
        try {
            byte[] body = mapper.writeValueAsBytes(callback.apply(transaction));
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(providers.notifyUrl(transaction.provider(),
                            false)))
                    .timeout(Duration.ofSeconds(10))
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofByteArray(body));
            if (signed && HEADER_SIGNED.contains(providers.get(transaction.provider()).connector())) {
                String secret = providers.notifySecret(transaction.provider(), false).orElseThrow();
                request.header(ProviderNotifications.SIGNATURE_HEADER, ProviderNotifications.sign(secret, body));
            }
            int status = http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
            if (status / 100 == 2) {
                return true;
            }
            LOG.info("Sandbox {} callback for {} answered {}", transaction.provider(), transaction.reference(), status);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        } catch (Exception e) {
            LOG.info("Sandbox {} callback for {} failed: {}", transaction.provider(), transaction.reference(),
                    e.getMessage());
        }
        return false;
    }

    @PreDestroy
    void stop() {
        callbacks.shutdownNow();
    }
}
