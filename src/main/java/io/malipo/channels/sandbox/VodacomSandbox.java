package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.ANY_KIND;
import static io.malipo.channels.sandbox.SandboxProviders.PAYOUT;
import static io.malipo.channels.sandbox.SandboxProviders.PUSH;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.ProviderCrypto;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.Hmac;
import io.malipo.common.RandomTokens;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.UrlHandlerFilter;

/**
 * The sandbox of Vodacom Tanzania's M-Pesa OpenAPI, for routes/providers/vodacom-openapi.yaml,
 * on the same wire as the real API: getSession/ takes the API key encrypted under the sandbox's
 * RSA public key (the public-key credential Malipo hands the connector in test mode) and answers
 * a session id; every other call must carry that session id, encrypted the same way, and an
 * Origin header. c2bPayment and b2cPayment take the same fields; a reversal names the original
 * by input_TransactionID. Every kind is reported to the same result callback, unsigned as
 * Vodacom's is, and queryTransactionStatus finds every kind by Malipo's reference. A session lives an hour and
 * is live at once (Vodacom's may take some seconds). Vodacom's paths end in a slash; Camel's REST
 * paths cannot, so the slash is taken off before routing (the sandbox also takes them without).
 */
@Component
class VodacomSandbox extends SandboxApi {

    static final String CONNECTOR = "vodacom-openapi";
    static final String BASE = "/ipg/v2/vodacomTZN/";
    static final Duration SESSION_LIFE = Duration.ofHours(1);
    private static final String SESSION_ROUTE = "direct:sandbox-vodacom-session";

    private final ProviderDirectory providers;
    /** Bearers as decrypted, by what was sent (the sandbox key lives as long as this instance). */
    private final Cache<String, String> bearers = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterAccess(Duration.ofMinutes(30)).build();
    private final Clock clock;

    VodacomSandbox(Kit kit, ProviderDirectory providers, Clock clock) {
        super(kit, CONNECTOR);
        this.providers = providers;
        this.clock = clock;
    }

    @Bean
    static FilterRegistrationBean<UrlHandlerFilter> vodacomSandboxTrailingSlash() {
        FilterRegistrationBean<UrlHandlerFilter> registration = new FilterRegistrationBean<>(UrlHandlerFilter
                .trailingSlashHandler("/sandbox/*" + BASE + "**").wrapRequest().build());
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .get(BASE + "getSession/").to(SESSION_ROUTE)
                .post(BASE + "c2bPayment/singleStage/").to("direct:sandbox-vodacom-push")
                .post(BASE + "b2cPayment/singleStage/").to("direct:sandbox-vodacom-payout")
                .put(BASE + "reversal/").to("direct:sandbox-vodacom-reversal")
                .get(BASE + "queryTransactionStatus/").to("direct:sandbox-vodacom-status");
        sandboxRoute(SESSION_ROUTE, this::vodacomSession);
        sandboxRoute("direct:sandbox-vodacom-push", e -> vodacomTransfer(e, PUSH));
        sandboxRoute("direct:sandbox-vodacom-payout", e -> vodacomTransfer(e, PAYOUT));
        sandboxRoute("direct:sandbox-vodacom-reversal", this::vodacomReversal);
        sandboxRoute("direct:sandbox-vodacom-status", this::vodacomStatus);
    }

    /** getSession/ wants the encrypted API key; every other call an encrypted session id of this provider. */
    @Override
    protected void authenticate(Exchange exchange, String route) {
        String provider = guard.provider(exchange);
        sandbox.provider(provider, CONNECTOR);
        String origin = exchange.getIn().getHeader("Origin", String.class);
        String presented = decrypted(exchange.getIn().getHeader("Authorization", String.class));
        boolean admitted = SESSION_ROUTE.equals(route)
                ? Hmac.same(providers.apiKey(provider, false), presented)
                : liveSession(provider, presented);
        if (origin == null || origin.isBlank() || !admitted) {
            throw new ApiException(401, "unauthorized", SESSION_ROUTE.equals(route) ? "Invalid API Key"
                    : "Invalid or expired session; get a new one at getSession/.");
        }
    }

    @Override
    protected Map<String, Object> refusal(ApiException refusal) {
        boolean unknown = refusal.status() == 404;
        boolean tooMuch = "amount_too_large".equals(refusal.code());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", refusal.status() == 401 ? "INS-2" : unknown ? "INS-18"
                : tooMuch ? "INS-15" : "INS-21");
        answer.put("output_ResponseDesc", refusal.getMessage());
        return answer;
    }

    // --- sessions: <issued epoch second>.<the sandbox's derived secret for that second>, nothing to keep

    private void vodacomSession(Exchange exchange) throws Exception {
        long issued = clock.instant().getEpochSecond();
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", "INS-0");
        answer.put("output_ResponseDesc", "Request processed successfully");
        answer.put("output_SessionID", issued + "." + sessionSecret(provider(exchange), issued));
        json.respond(exchange, 200, answer);
    }

    private boolean liveSession(String provider, String session) {
        int dot = session.indexOf('.');
        if (dot < 1) {
            return false;
        }
        long issued;
        try {
            issued = Long.parseLong(session.substring(0, dot));
        } catch (NumberFormatException e) {
            return false;
        }
        Instant now = clock.instant();
        return Hmac.same(issued + "." + sessionSecret(provider, issued), session)
                && !Instant.ofEpochSecond(issued).plus(SESSION_LIFE).isBefore(now);
    }

    private String sessionSecret(String provider, long issued) {
        return providers.credentials(provider, false).get("session-" + issued);
    }

    /**
     * What Malipo encrypted under the sandbox's public key; empty when it is not that. A bearer
     * seen before is not decrypted again: the connector sends one per session, and a private-key
     * operation took more of a test-mode payment's CPU than anything else in it.
     */
    private String decrypted(String authorization) {
        if (authorization == null || !authorization.startsWith("Bearer ")) {
            return "";
        }
        return bearers.get(authorization.substring("Bearer ".length()), encrypted -> {
            try {
                return ProviderCrypto.decrypt(providers.sandboxPrivateKey(), encrypted);
            } catch (GeneralSecurityException | IllegalArgumentException e) {
                return "";
            }
        });
    }

    // --- payments

    private void vodacomTransfer(Exchange exchange, String kind) throws Exception {
        Map<String, Object> request = body(exchange);
        required(request, "input_Country");
        required(request, "input_ServiceProviderCode");
        String conversation = "AG_" + RandomTokens.crockford(20);
        Transaction tx = sandbox.record(provider(exchange), reference(request, "input_ThirdPartyConversationID"),
                msisdn(request, "input_CustomerMSISDN"), null, amount(request, "input_Amount"),
                currency(request, "input_Currency"), kind, vodacomCallback(conversation));
        vodacomAccepted(exchange, tx, conversation);
    }

    private void vodacomReversal(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        required(request, "input_ServiceProviderCode");
        String conversation = "AG_" + RandomTokens.crockford(20);
        Transaction tx = sandbox.reverse(provider(exchange), required(request, "input_TransactionID"),
                reference(request, "input_ThirdPartyConversationID"), optionalAmount(request, "input_ReversalAmount"),
                vodacomCallback(conversation));
        vodacomAccepted(exchange, tx, conversation);
    }

    private Function<Transaction, Map<String, Object>> vodacomCallback(String conversation) {
        return t -> {
            Result result = sandbox.result(t);
            Map<String, Object> callback = new LinkedHashMap<>();
            callback.put("input_OriginalConversationID", conversation);
            callback.put("input_ThirdPartyConversationID", t.reference());
            callback.put("input_TransactionID", t.id());
            callback.put("input_ResultCode", vodacomCode(result));
            callback.put("input_ResultDesc", result.failureMessage() == null
                    ? "Request processed successfully" : result.failureMessage());
            return callback;
        };
    }

    private void vodacomAccepted(Exchange exchange, Transaction tx, String conversation) throws Exception {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", "INS-0");
        answer.put("output_ResponseDesc", "Request processed successfully");
        answer.put("output_TransactionID", tx.id());
        answer.put("output_ConversationID", conversation);
        answer.put("output_ThirdPartyConversationID", tx.reference());
        json.respond(exchange, 201, answer);
    }

    /** queryTransactionStatus finds every kind of transaction by the reference Malipo gave it. */
    private void vodacomStatus(Exchange exchange) throws Exception {
        String reference = guard.reference(exchange, "input_QueryReference");
        String query = guard.reference(exchange, "input_ThirdPartyConversationID");
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", "INS-0");
        answer.put("output_ResponseDesc", "Request processed successfully");
        answer.put("output_ConversationID", "AG_" + RandomTokens.crockford(20));
        answer.put("output_ThirdPartyConversationID", query);
        sandbox.find(provider(exchange), reference, ANY_KIND).ifPresentOrElse(tx -> {
            answer.put("output_ResponseTransactionStatus", word(sandbox.result(tx), "Completed", "Failed", "Pending"));
            answer.put("output_TransactionID", tx.id());
        }, () -> answer.put("output_ResponseTransactionStatus", "N/A"));
        json.respond(exchange, 200, answer);
    }

    /** The sandbox's result codes; routes/providers/vodacom-openapi.yaml reads them back. */
    private static String vodacomCode(Result result) {
        if (result.outcome() == PaymentResult.SUCCEEDED) {
            return "INS-0";
        }
        return switch (String.valueOf(result.failureCode())) {
            case "insufficient_funds" -> "INS-2006";
            case "recipient_rejected" -> "INS-2002";
            case "limit_exceeded" -> "INS-2005";
            case "reversal_refused" -> "INS-6";
            default -> "INS-5";
        };
    }
}
