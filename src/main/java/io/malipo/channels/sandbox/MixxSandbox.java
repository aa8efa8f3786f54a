package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.ANY_KIND;
import static io.malipo.channels.sandbox.SandboxProviders.PUSH;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import io.malipo.common.Hmac;
import io.malipo.common.HttpExchanges;
import io.malipo.common.RandomTokens;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The sandbox of Mixx by Yas (Tigo Pesa) push bill-pay, for routes/providers/mixx-by-yas.yaml:
 * a token by the password grant with the provider's made-up username and password, then
 * BillerPay, ReverseTransaction and the status query with that token as bearer and the same
 * username and password as headers, the biller's MSISDN (and for reversals its PIN) in the body.
 * Pushes and reversals are reported to the same callback, unsigned as Tigo's are, acknowledged in
 * Tigo's reply format.
 */
@Component
class MixxSandbox extends SandboxApi {

    static final String CONNECTOR = "mixx-by-yas";
    static final Duration TOKEN_LIFE = Duration.ofHours(1);
    private static final String TOKEN_ROUTE = "direct:sandbox-mixx-token";
    private static final String REVERSAL_FAILED = "RefundTransaction-20-3039-E";

    private final ProviderDirectory providers;
    /** Tokens handed out, to the provider they were handed out for. */
    private final Cache<String, String> tokens = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(TOKEN_LIFE).build();

    MixxSandbox(Kit kit, ProviderDirectory providers) {
        super(kit, CONNECTOR);
        this.providers = providers;
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/token").to(TOKEN_ROUTE)
                .post("/API/BillerPayment/BillerPay").to("direct:sandbox-mixx-push")
                .post("/API/Reverse/ReverseTransaction").to("direct:sandbox-mixx-reversal")
                .post("/API/BillerPayment/TransactionStatus").to("direct:sandbox-mixx-status");
        sandboxRoute(TOKEN_ROUTE, this::token);
        sandboxRoute("direct:sandbox-mixx-push", this::push);
        sandboxRoute("direct:sandbox-mixx-reversal", this::reversal);
        sandboxRoute("direct:sandbox-mixx-status", this::status);
    }

    /** The token endpoint checks the form it is sent; every other call the token and the user's headers. */
    @Override
    protected void authenticate(Exchange exchange, String route) {
        String provider = guard.provider(exchange);
        sandbox.provider(provider, CONNECTOR);
        if (TOKEN_ROUTE.equals(route)) {
            return;
        }
        String authorization = exchange.getIn().getHeader("Authorization", String.class);
        String token = authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)
                ? authorization.substring(7).strip() : "";
        if (!provider.equals(tokens.getIfPresent(token))
                || !Hmac.same(credential(provider, "username"), exchange.getIn().getHeader("Username", String.class))
                || !Hmac.same(credential(provider, "password"), exchange.getIn().getHeader("Password", String.class))) {
            throw new ApiException(401, "unauthorized", "Authorization has been denied for this request.");
        }
    }

    @Override
    protected Map<String, Object> refusal(ApiException refusal) {
        Map<String, Object> answer = new LinkedHashMap<>();
        if ("invalid_grant".equals(refusal.code())) {
            answer.put("error", "invalid_grant");
            answer.put("error_description", refusal.getMessage());
            return answer;
        }
        if (refusal.status() == 401) {
            answer.put("Message", refusal.getMessage());
            return answer;
        }
        return answer(code(refusal), refusal.getMessage(), null);
    }

    /** Tigo's answer: ResponseStatus is true for its success codes, which end in -S. */
    private static Map<String, Object> answer(String code, String description, String reference) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("ResponseCode", code);
        answer.put("ResponseStatus", code.endsWith("-S"));
        answer.put("ResponseDescription", description);
        if (reference != null) {
            answer.put("ReferenceID", reference);
        }
        return answer;
    }

    /** Tigo's code for what the sandbox will not carry out; a reversal of an unknown or smaller payment fails. */
    private static String code(ApiException refusal) {
        if (refusal.status() == 404 || "amount_too_large".equals(refusal.code())) {
            return REVERSAL_FAILED;
        }
        String field = refusal.fieldErrors().stream().map(FieldError::field).findFirst().orElse("");
        return switch (field) {
            case "CustomerMSISDN" -> "DebitMandate-10-2004-V";
            case "Amount" -> "BILLER-18-3019-E";
            case "ReferenceID" -> "DebitMandate-10-2020-V";
            case "BillerMSISDN", "ChannelMSISDN" -> "BILLER-18-3040-E";
            case "ChannelPIN", "MFSTransactionID" -> REVERSAL_FAILED;
            // The sandbox busy or a body it cannot read: Tigo's internal error.
            default -> "DebitMandate-10-1000-E";
        };
    }

    private void token(Exchange exchange) throws Exception {
        String provider = provider(exchange);
        Map<String, String> form = form(exchange);
        if (!"password".equals(form.get("grant_type"))) {
            throw new ApiException(400, "invalid_grant", "The grant_type must be password.");
        }
        if (!Hmac.same(credential(provider, "username"), form.get("username"))
                || !Hmac.same(credential(provider, "password"), form.get("password"))) {
            throw new ApiException(400, "invalid_grant", "The user name or password is incorrect.");
        }
        String token = RandomTokens.base62(40);
        tokens.put(token, provider);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("access_token", token);
        answer.put("token_type", "bearer");
        answer.put("expires_in", TOKEN_LIFE.toSeconds());
        json.respond(exchange, 200, answer);
    }

    private void push(Exchange exchange) throws Exception {
        String provider = provider(exchange);
        Map<String, Object> request = billerRequest(exchange, provider, "BillerMSISDN");
        Transaction tx = sandbox.record(provider, reference(request, "ReferenceID"), msisdn(request, "CustomerMSISDN"),
                null, amount(request, "Amount"), "TZS", PUSH, callback());
        json.respond(exchange, 200, answer("BILLER-18-0000-S", "Valid Request", tx.reference()));
    }

    private void reversal(Exchange exchange) throws Exception {
        String provider = provider(exchange);
        Map<String, Object> request = billerRequest(exchange, provider, "ChannelMSISDN");
        if (!Hmac.same(credential(provider, "channel-pin"), text(request, "ChannelPIN"))) {
            throw ApiException.invalid("ChannelPIN", "is not the biller wallet's PIN");
        }
        Transaction tx = sandbox.reverse(provider, required(request, "MFSTransactionID"),
                reference(request, "ReferenceID"), optionalAmount(request, "Amount"), callback());
        Map<String, Object> answer = answer("RefundTransaction-20-0000-S", "Reverse Transaction Success",
                tx.reference());
        answer.put("DMReferenceID", "DM" + RandomTokens.crockford(12));
        answer.put("MFSTransactionID", tx.id());
        json.respond(exchange, 200, answer);
    }

    /** Every kind by the ReferenceID Malipo gave it (the status query is Malipo's choice, see the connector). */
    private void status(Exchange exchange) throws Exception {
        String provider = provider(exchange);
        Map<String, Object> request = billerRequest(exchange, provider, "BillerMSISDN");
        String reference = reference(request, "ReferenceID");
        Map<String, Object> answer = sandbox.find(provider, reference, ANY_KIND).map(tx -> {
            Result result = sandbox.result(tx);
            Map<String, Object> found = answer("BILLER-18-0000-S", description(result), reference);
            found.put("MFSTransactionID", tx.id());
            found.put("Amount", tx.amount().toPlainString());
            found.put("TransactionStatus", word(result, "SUCCESS", "FAILED", "PENDING"));
            return found;
        }).orElseGet(() -> answer("DebitMandate-10-2020-V", "Not Valid Reference ID", reference));
        json.respond(exchange, 200, answer);
    }

    private Function<Transaction, Map<String, Object>> callback() {
        return t -> {
            Result result = sandbox.result(t);
            Map<String, Object> callback = new LinkedHashMap<>();
            callback.put("Status", result.failureCode() == null);
            callback.put("Description", description(result));
            callback.put("MFSTransactionID", t.id());
            callback.put("ReferenceID", t.reference());
            callback.put("Amount", t.amount().toPlainString());
            return callback;
        };
    }

    private static String description(Result result) {
        return result.failureMessage() != null ? result.failureMessage()
                : word(result, "Transaction successful", "Transaction failed", "Transaction in progress");
    }

    /** The JSON body of a call, which names the biller's wallet in {@code field}. */
    private Map<String, Object> billerRequest(Exchange exchange, String provider, String field) {
        Map<String, Object> request = body(exchange);
        if (!Hmac.same(credential(provider, "biller-msisdn"), text(request, field))) {
            throw ApiException.invalid(field, "is not this biller's MSISDN");
        }
        return request;
    }

    private String credential(String provider, String name) {
        return providers.credentials(provider, false).get(name);
    }

    /** An application/x-www-form-urlencoded body. */
    private static Map<String, String> form(Exchange exchange) {
        Map<String, String> form = new LinkedHashMap<>();
        for (String pair : new String(HttpExchanges.rawBody(exchange), StandardCharsets.UTF_8).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                form.putIfAbsent(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return form;
    }
}
