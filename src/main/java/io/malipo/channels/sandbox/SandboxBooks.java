package io.malipo.channels.sandbox;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.malipo.channels.ChannelProperties;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.Hmac;
import io.malipo.common.JsonBodies;
import io.malipo.common.RandomTokens;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Expression;
import org.apache.camel.support.DefaultExchange;
import org.springframework.stereotype.Component;

/**
 * The sandbox's books for a provider simulator written as YAML routes (routes/sandbox/*.yaml)
 * rather than as a {@link SandboxApi} class: the routes speak the provider's wire format (paths,
 * fields, answers) and call this bean for what every simulator shares: the gate (the sandbox on,
 * a provider of the route's connector, the credentials Malipo's test mode presents, tokens it
 * issued), booking a request and scheduling its report, and answering status queries. Outcomes
 * follow the same rules as the Java simulators ({@link SandboxProviders#result}).
 *
 * <p>A route sets property {@value #CONNECTOR} (the connector whose API it plays) before
 * {@link #open}. After {@link #book} or {@link #status} these properties describe the transaction,
 * each ready to stand between the quotes of a JSON string: {@value #ID}, {@value #REFERENCE},
 * {@value #MSISDN}, {@value #AMOUNT}, {@value #CURRENCY}, {@value #RESULT} (the API's word for the
 * outcome, from {@value #OUTCOME_WORDS}), {@value #FAILURE_CODE}, {@value #FAILURE_MESSAGE}. The
 * report is the route's {@value #CALLBACK} template, a simple expression evaluated with those same
 * properties once the outcome is decided, and sent unsigned, as most providers send theirs,
 * unless the route sets {@value #SIGNED}.
 */
@Component("sandboxBooks")
public class SandboxBooks {

    public static final String CONNECTOR = "sandboxConnector";
    public static final String OUTCOME_WORDS = "sandboxOutcomeWords";
    public static final String CALLBACK = "sandboxCallback";
    /** true when the provider signs its reports as the Java simulators do ({@code X-Signature}); unsigned otherwise. */
    public static final String SIGNED = "sandboxSigned";
    public static final String PROVIDER = "sandboxProvider";
    public static final String ID = "sandboxId";
    public static final String REFERENCE = "sandboxReference";
    public static final String MSISDN = "sandboxMsisdn";
    public static final String AMOUNT = "sandboxAmount";
    public static final String CURRENCY = "sandboxCurrency";
    public static final String RESULT = "sandboxResult";
    public static final String FAILURE_CODE = "sandboxFailureCode";
    public static final String FAILURE_MESSAGE = "sandboxFailureMessage";
    public static final String TOKEN = "sandboxToken";
    public static final String TOKEN_SECONDS = "sandboxTokenSeconds";
    public static final String TOKEN_EXPIRES = "sandboxTokenExpires";
    public static final String ERROR_CODE = "sandboxErrorCode";
    public static final String ERROR_MESSAGE = "sandboxErrorMessage";

    /** How long a token the sandbox issues is taken. */
    static final Duration TOKEN_LIFE = Duration.ofHours(1);
    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() { };

    private final SandboxProviders books;
    private final SandboxGuard guard;
    private final ChannelProperties properties;
    private final ProviderDirectory providers;
    private final ObjectMapper mapper;
    private final CamelContext camel;
    private final Cache<String, Instant> tokens = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(TOKEN_LIFE).build();

    SandboxBooks(SandboxProviders books, SandboxGuard guard, ChannelProperties properties, ProviderDirectory providers,
            ObjectMapper mapper, CamelContext camel) {
        this.books = books;
        this.guard = guard;
        this.properties = properties;
        this.providers = providers;
        this.mapper = mapper;
        this.camel = camel;
    }

    /** Lets the request in: 404 where the sandbox is off, or when {provider} is no provider of this connector. */
    public void open(Exchange exchange) {
        if (!properties.sandbox().enabled()) {
            throw ApiException.notFound("This installation serves no sandbox.");
        }
        String connector = exchange.getProperty(CONNECTOR, String.class);
        if (connector == null) {
            throw new IllegalStateException("a sandbox route must set " + CONNECTOR + " before it opens");
        }
        String provider = guard.provider(exchange);
        books.provider(provider, connector);
        exchange.setProperty(PROVIDER, provider);
    }

    /** The JSON object the client sent, as the body (a map); 400 when it is not one. */
    public void read(Exchange exchange) {
        exchange.getIn().setBody(SandboxApi.body(mapper, exchange));
    }

    /** 401 unless {@code presented} is the credential {@code name} Malipo's test mode has for this provider. */
    public void requireCredential(Exchange exchange, String name, String presented) {
        require(exchange, providers.credentials(provider(exchange), false).get(name), presented,
                "The sandbox takes only Malipo's test-mode " + name + ".");
    }

    /** 401 unless {@code presented} is Malipo's test-mode API key for this provider. */
    public void requireApiKey(Exchange exchange, String presented) {
        require(exchange, providers.apiKey(provider(exchange), false), presented,
                "The sandbox takes only Malipo's test-mode API key.");
    }

    /** A new access token for this provider: properties {@value #TOKEN}, {@value #TOKEN_SECONDS}, {@value #TOKEN_EXPIRES}. */
    public void issueToken(Exchange exchange) {
        String token = "sbx_" + RandomTokens.base62(32);
        Instant expires = Instant.now().plus(TOKEN_LIFE);
        tokens.put(provider(exchange) + ":" + token, expires);
        exchange.setProperty(TOKEN, token);
        exchange.setProperty(TOKEN_SECONDS, TOKEN_LIFE.toSeconds());
        exchange.setProperty(TOKEN_EXPIRES, expires.toString());
    }

    /** 401 unless {@code authorization} is "Bearer " and a token this provider's sandbox issued, not yet lapsed. */
    public void requireToken(Exchange exchange, String authorization) {
        String token = authorization != null && authorization.startsWith("Bearer ") ? authorization.substring(7) : "";
        if (token.isEmpty() || tokens.getIfPresent(provider(exchange) + ":" + token) == null) {
            guard.anonymous(exchange);
            throw new ApiException(401, "unauthorized", "The sandbox does not know this access token, or it has "
                    + "lapsed: ask for another.");
        }
    }

    /**
     * Books a request of {@code kind} (PUSH or PAYOUT) read from {@code request}, the JSON body as
     * a map, by the API's names of its fields; its report is {@value #CALLBACK}, sent once the
     * outcome is decided.
     */
    public void book(Exchange exchange, String kind, Map<String, Object> request, String referenceField,
            String msisdnField, String amountField, String currencyField) {
        if (!Set.of(SandboxProviders.PUSH, SandboxProviders.PAYOUT).contains(kind)) {
            throw new IllegalArgumentException("a YAML sandbox books PUSH or PAYOUT, not " + kind);
        }
        if (request == null) {
            throw ApiException.badRequest("malformed_json", "The body must be a JSON object.");
        }
        Expression callback = camel.resolveLanguage("simple").createExpression(template(exchange));
        String words = words(exchange);
        Transaction booked = books.record(provider(exchange), SandboxApi.reference(request, referenceField),
                SandboxApi.msisdn(request, msisdnField), null, SandboxApi.amount(request, amountField),
                SandboxApi.currency(request, currencyField), kind, t -> report(t, callback, words),
                Boolean.TRUE.equals(exchange.getProperty(SIGNED, Boolean.class)));
        describe(exchange, booked, words);
    }

    /** The transaction this provider booked under {@code reference} (Malipo's) or with that id (the sandbox's); 404 otherwise. */
    public void status(Exchange exchange, String reference) {
        exchange.getIn().setHeader("sandboxQueried", reference);
        String checked = guard.reference(exchange, "sandboxQueried");
        String provider = provider(exchange);
        Transaction found = books.find(provider, checked, SandboxProviders.ANY_KIND)
                .or(() -> books.byId(provider, checked))
                .orElseThrow(() -> ApiException.notFound("Transaction not found."));
        describe(exchange, found, words(exchange));
    }

    /** What went wrong, for the route's refusal in the API's format: the HTTP status and {@value #ERROR_CODE}, {@value #ERROR_MESSAGE}. */
    public void refuse(Exchange exchange) {
        ApiException refusal = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, ApiException.class);
        exchange.getMessage().removeHeaders("*");
        exchange.getMessage().setHeader(Exchange.HTTP_RESPONSE_CODE, refusal.status());
        exchange.getMessage().setHeader(Exchange.CONTENT_TYPE, JsonBodies.JSON);
        refusal.headers().forEach(exchange.getMessage()::setHeader);
        exchange.setProperty(ERROR_CODE, refusal.code());
        exchange.setProperty(ERROR_MESSAGE, quoted(refusal.getMessage()));
    }

    private Map<String, Object> report(Transaction transaction, Expression callback, String words) {
        Exchange report = new DefaultExchange(camel);
        describe(report, transaction, words);
        try {
            return mapper.readValue(callback.evaluate(report, String.class), MAP);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the sandbox callback template of " + transaction.provider()
                    + " is not JSON", e);
        }
    }

    private void describe(Exchange exchange, Transaction transaction, String words) {
        Result result = books.result(transaction);
        String[] word = words.split(",", -1);
        exchange.setProperty(PROVIDER, transaction.provider());
        exchange.setProperty(ID, transaction.id());
        exchange.setProperty(REFERENCE, quoted(transaction.reference()));
        exchange.setProperty(MSISDN, transaction.msisdn());
        exchange.setProperty(AMOUNT, transaction.amount().toPlainString());
        exchange.setProperty(CURRENCY, transaction.currency());
        exchange.setProperty(RESULT, SandboxApi.word(result, word[0], word[1], word[2]));
        exchange.setProperty(FAILURE_CODE, result.failureCode() == null ? "" : result.failureCode());
        exchange.setProperty(FAILURE_MESSAGE, result.failureMessage() == null ? "" : quoted(result.failureMessage()));
    }

    private void require(Exchange exchange, String expected, String presented, String message) {
        if (!Hmac.same(expected, presented == null ? "" : presented)) {
            guard.anonymous(exchange);
            throw new ApiException(401, "unauthorized", message);
        }
    }

    private static String provider(Exchange exchange) {
        String provider = exchange.getProperty(PROVIDER, String.class);
        if (provider == null) {
            throw new IllegalStateException("call sandboxBooks.open first");
        }
        return provider;
    }

    private static String template(Exchange exchange) {
        String template = exchange.getProperty(CALLBACK, String.class);
        if (template == null || template.isBlank()) {
            throw new IllegalStateException("a sandbox route must set " + CALLBACK + " before it books");
        }
        return template;
    }

    private static String words(Exchange exchange) {
        String words = exchange.getProperty(OUTCOME_WORDS, String.class);
        if (words == null || words.split(",", -1).length != 3) {
            throw new IllegalStateException("a sandbox route must set " + OUTCOME_WORDS
                    + " to its words for succeeded, failed and pending, such as success,failure,pending");
        }
        return words;
    }

    /** Text as it stands between the quotes of a JSON string. */
    private String quoted(String text) {
        try {
            String json = mapper.writeValueAsString(text);
            return json.substring(1, json.length() - 1);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
