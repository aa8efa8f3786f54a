package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.PAYOUT;
import static io.malipo.channels.sandbox.SandboxProviders.PUSH;
import static io.malipo.channels.sandbox.SandboxProviders.REVERSAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.ProviderCrypto;
import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.Hmac;
import io.malipo.common.RandomTokens;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.springframework.stereotype.Component;

/**
 * The sandbox of the Airtel Money Africa API, for routes/providers/airtel-money.yaml, on the
 * wire as Airtel's: an OAuth2 client-credentials token (the sandbox's made-up client-id and
 * client-secret) that every other call presents as its bearer; X-Country and X-Currency headers;
 * numbers without the country code; a disbursement's PIN RSA-encrypted under the sandbox's public
 * key; a refund naming the original by its airtel_money_id; one callback format for every kind,
 * with Airtel's callback authentication on (hash: Base64 of HMAC-SHA256 of the transaction object
 * under the provider's notification secret); an enquiry per kind. Answers carry Airtel's response
 * codes: DP008… for collections, DP009… for disbursements and refunds.
 */
@Component
class AirtelSandbox extends SandboxApi {

    static final String CONNECTOR = "airtel-money";
    /** Airtel's sample token answer says 180 seconds. */
    static final Duration TOKEN_LIFE = Duration.ofSeconds(180);
    private static final String COLLECTIONS = "DP008";
    private static final String DISBURSEMENTS = "DP009";
    /** Which family of codes a refusal of this request is written in. */
    private static final String FAMILY = "sandboxAirtelFamily";

    /** Issued tokens → the provider they were issued for; bounded, so a token endpoint called in a loop cannot grow it. */
    private final Cache<String, String> tokens = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(TOKEN_LIFE).build();

    AirtelSandbox(Kit kit) {
        super(kit, CONNECTOR);
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/auth/oauth2/token").to("direct:sandbox-airtel-token")
                .post("/merchant/v1/payments").to("direct:sandbox-airtel-push")
                .get("/standard/v1/payments/{reference}").to("direct:sandbox-airtel-status")
                .post("/standard/v1/disbursements").to("direct:sandbox-airtel-payout")
                .get("/standard/v1/disbursements/{reference}").to("direct:sandbox-airtel-payout-status")
                .post("/standard/v1/payments/refund").to("direct:sandbox-airtel-refund")
                .get("/standard/v1/payments/refund/{reference}").to("direct:sandbox-airtel-refund-status");
        sandboxRoute("direct:sandbox-airtel-token", this::token);
        sandboxRoute("direct:sandbox-airtel-push", in(COLLECTIONS, this::airtelPush));
        sandboxRoute("direct:sandbox-airtel-payout", in(DISBURSEMENTS, this::airtelPayout));
        sandboxRoute("direct:sandbox-airtel-refund", in(DISBURSEMENTS, this::airtelRefund));
        sandboxRoute("direct:sandbox-airtel-status", in(COLLECTIONS, e -> airtelStatus(e, PUSH)));
        sandboxRoute("direct:sandbox-airtel-payout-status", in(DISBURSEMENTS, e -> airtelStatus(e, PAYOUT)));
        sandboxRoute("direct:sandbox-airtel-refund-status", in(DISBURSEMENTS, e -> airtelStatus(e, REVERSAL)));
    }

    private static Processor in(String family, Processor handler) {
        return exchange -> {
            exchange.setProperty(FAMILY, family);
            handler.process(exchange);
        };
    }

    // --- the token, and what every other call presents

    /** The token endpoint takes the client credentials; every other call the token it handed out. */
    @Override
    protected void authenticate(Exchange exchange, String route) {
        if (route.equals("direct:sandbox-airtel-token")) {
            clientCredentials(exchange);
        } else {
            bearer(exchange);
        }
    }

    /** The made-up client credentials of this provider, as Malipo's test mode presents them. */
    private void clientCredentials(Exchange exchange) {
        String provider = known(exchange);
        Map<String, Object> request = body(exchange);
        Map<String, String> credentials = providers.credentials(provider, false);
        if (!"client_credentials".equals(text(request, "grant_type"))
                || !Hmac.same(credentials.get("client-id"), text(request, "client_id"))
                || !Hmac.same(credentials.get("client-secret"), text(request, "client_secret"))) {
            throw new ApiException(401, "invalid_client", "The client_id or client_secret is not this application's, "
                    + "or grant_type is not client_credentials.");
        }
    }

    private void token(Exchange exchange) throws Exception {
        String token = "sbx_" + RandomTokens.base62(32);
        tokens.put(token, provider(exchange));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("access_token", token);
        answer.put("expires_in", String.valueOf(TOKEN_LIFE.toSeconds()));
        answer.put("token_type", "bearer");
        json.respond(exchange, 200, answer);
    }

    /** A token this sandbox issued for this provider and that has not lapsed, with X-Country. */
    private void bearer(Exchange exchange) {
        String provider = known(exchange);
        String authorization = exchange.getIn().getHeader("Authorization", "", String.class);
        String token = authorization.startsWith("Bearer ") ? authorization.substring(7).strip() : "";
        if (token.isEmpty() || !provider.equals(tokens.getIfPresent(token))) {
            throw new ApiException(401, "invalid_token", "The access token is missing, unknown or expired; get one "
                    + "from POST /auth/oauth2/token.");
        }
        if (!exchange.getIn().getHeader("X-Country", "", String.class).matches("[A-Z]{2}")) {
            throw ApiException.invalid("X-Country", "must be the country's ISO 3166 code, such as TZ");
        }
    }

    private String known(Exchange exchange) {
        String provider = guard.provider(exchange);
        sandbox.provider(provider, CONNECTOR);
        return provider;
    }

    /** Airtel's codes for what the sandbox will not carry out; nothing of it was booked. */
    @Override
    protected Map<String, Object> refusal(Exchange exchange, ApiException refusal) {
        return refusal(exchange.getProperty(FAMILY, COLLECTIONS, String.class), refusal);
    }

    @Override
    protected Map<String, Object> refusal(ApiException refusal) {
        return refusal(COLLECTIONS, refusal);
    }

    private static Map<String, Object> refusal(String family, ApiException refusal) {
        if (refusal.status() == 401) {
            return Map.of("error", refusal.code(), "error_description", refusal.getMessage());
        }
        String prefix = family + "00001";
        String field = refusal.fieldErrors().isEmpty() ? "" : refusal.fieldErrors().get(0).field();
        String resultCode = "ESB000011";
        String responseCode = null;
        switch (refusal.code()) {
            case "not_found" -> {
                resultCode = "ESB000045";
                responseCode = prefix + (prefix.startsWith(COLLECTIONS) ? "025" : "015");
            }
            case "amount_too_large" -> responseCode = prefix + (prefix.startsWith(COLLECTIONS) ? "008" : "013");
            case "incorrect_pin" -> resultCode = "ROUTER115";
            case "incorrect_encrypted_pin" -> resultCode = "ROUTER116";
            case "validation_failed" -> {
                if (field.equals("amount")) {
                    responseCode = prefix + "004";
                } else {
                    resultCode = switch (field) {
                        case "msisdn" -> "ESB000036";
                        case "currency", "X-Currency" -> "ESB000035";
                        case "X-Country" -> "ESB000034";
                        // Airtel's "field validation" may leave a request in an ambiguous state.
                        default -> "ESB000008";
                    };
                }
            }
            // Busy or rate limited: Airtel's "something went wrong", which it says may be ambiguous.
            default -> resultCode = "ESB000001";
        }
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("code", String.valueOf(refusal.status()));
        status.put("message", refusal.getMessage());
        status.put("result_code", resultCode);
        if (responseCode != null) {
            status.put("response_code", responseCode);
        }
        status.put("success", false);
        return Map.of("status", status);
    }

    // --- collections, disbursements, refunds

    private void airtelPush(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        Map<String, Object> transaction = object(request, "transaction");
        String reference = reference(transaction, "id");
        String currency = currency(transaction, "currency");
        sameCurrency(exchange, currency);
        sandbox.record(provider(exchange), reference, "255" + national(object(request, "subscriber")), null,
                amount(transaction, "amount"), currency, PUSH, airtelCallback());
        json.respond(exchange, 200, Map.of(
                "data", Map.of("transaction", Map.of("id", reference, "status", "SUCCESS")),
                "status", airtelStatusBlock(COLLECTIONS + "00001006", "SUCCESS")));
    }

    /** Disbursement v1: payee, reference, the encrypted PIN and the transaction; the currency is X-Currency's. */
    private void airtelPayout(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        Map<String, Object> transaction = object(request, "transaction");
        String reference = reference(transaction, "id");
        String msisdn = national(object(request, "payee"));
        pin(exchange, required(request, "pin"));
        Transaction tx = sandbox.record(provider(exchange), reference, "255" + msisdn, null,
                amount(transaction, "amount"), currency(exchange.getIn().getHeaders(), "X-Currency"), PAYOUT,
                airtelCallback());
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("reference_id", tx.id());
        answer.put("airtel_money_id", tx.id());
        answer.put("id", tx.reference());
        answer.put("status", "TIP");
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", answer),
                "status", airtelStatusBlock(DISBURSEMENTS + "00001006", "Transaction is in process.")));
    }

    private void airtelRefund(Exchange exchange) throws Exception {
        Map<String, Object> transaction = object(body(exchange), "transaction");
        Transaction tx = sandbox.reverse(provider(exchange), required(transaction, "airtel_money_id"),
                reference(transaction, "id"), optionalAmount(transaction, "amount"), airtelCallback());
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", Map.of("id", tx.reference(),
                "airtel_money_id", tx.id(), "status", "SUCCESS")),
                "status", airtelStatusBlock(DISBURSEMENTS + "00001001", "SUCCESS")));
    }

    /** The number as Airtel takes it: the national significant number, without the country code. */
    private static String national(Map<String, Object> party) {
        String msisdn = msisdn(party, "msisdn");
        if (msisdn.length() != 9) {
            throw ApiException.invalid("msisdn", "must be the 9 digits of the number without the country code");
        }
        return msisdn;
    }

    private static void sameCurrency(Exchange exchange, String currency) {
        if (!currency.equals(exchange.getIn().getHeader("X-Currency", String.class))) {
            throw ApiException.invalid("X-Currency", "must be the transaction's currency");
        }
    }

    /** The disbursement PIN, encrypted under the sandbox's public key, must be the provider's made-up one. */
    private void pin(Exchange exchange, String encrypted) {
        String pin;
        try {
            pin = ProviderCrypto.decrypt(providers.sandboxPrivateKey(), encrypted);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw ApiException.badRequest("incorrect_encrypted_pin", "The encrypted value of the pin is incorrect. "
                    + "Kindly re-check the encryption mechanism.");
        }
        if (!Hmac.same(providers.credentials(provider(exchange), false).get("pin"), pin)) {
            throw ApiException.badRequest("incorrect_pin", "Pin you have entered is incorrect.");
        }
    }

    // --- the callback and the enquiries

    /** Airtel's callback with callback authentication on: hash covers the transaction object as sent. */
    private Function<Transaction, Map<String, Object>> airtelCallback() {
        return t -> {
            Result result = sandbox.result(t);
            Map<String, Object> tx = new LinkedHashMap<>();
            tx.put("id", t.reference());
            tx.put("message", message(t, result));
            tx.put("status_code", word(result, "TS", "TF", "TIP"));
            tx.put("airtel_money_id", t.id());
            Map<String, Object> callback = new LinkedHashMap<>();
            callback.put("transaction", tx);
            callback.put("hash", hash(t.provider(), tx));
            return callback;
        };
    }

    private String hash(String provider, Map<String, Object> transaction) {
        try {
            return Hmac.base64(providers.notifySecret(provider, false).orElseThrow(),
                    mapper.writeValueAsString(transaction));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One enquiry per kind: payments/{id}, disbursements/{id} and (the sandbox's choice) payments/refund/{id}. */
    private void airtelStatus(Exchange exchange, String kind) throws Exception {
        String reference = guard.reference(exchange, "reference");
        Transaction tx = sandbox.find(provider(exchange), reference, Set.of(kind)).orElseThrow(() ->
                ApiException.notFound("No Transaction Found With Provided Transaction Id " + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> transaction = new LinkedHashMap<>();
        transaction.put("airtel_money_id", result.outcome() == PaymentResult.SUCCEEDED ? tx.id() : "");
        transaction.put("id", reference);
        transaction.put("message", message(tx, result));
        transaction.put("status", word(result, "TS", "TF", "TIP"));
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", transaction),
                "status", airtelStatusBlock(responseCode(PUSH.equals(kind) ? COLLECTIONS : DISBURSEMENTS, result),
                        "SUCCESS")));
    }

    /** The response code Airtel gives an outcome; a failure's says why. */
    private static String responseCode(String family, Result result) {
        String prefix = family + "00001";
        if (result.outcome() != PaymentResult.FAILED) {
            return prefix + (result.outcome() == PaymentResult.SUCCEEDED ? "001" : "006");
        }
        boolean collection = family.equals(COLLECTIONS);
        return prefix + switch (String.valueOf(result.failureCode())) {
            case "insufficient_funds" -> "007";
            case "limit_exceeded" -> "003";
            case "recipient_rejected" -> "012";
            default -> collection ? "008" : "005";
        };
    }

    /** Airtel's words: its own description of a short balance, the sandbox's reason otherwise. */
    private static String message(Transaction t, Result result) {
        return switch (result.outcome()) {
            case SUCCEEDED -> "Paid " + t.currency() + " " + t.amount().toPlainString() + ", Trans ID " + t.id() + ".";
            case FAILED -> "insufficient_funds".equals(result.failureCode())
                    ? "User wallet does not have enough money to cover the payable amount." : result.failureMessage();
            default -> "Transaction in pending state. Please check after sometime.";
        };
    }

    private static Map<String, Object> airtelStatusBlock(String responseCode, String message) {
        return Map.of("code", "200", "message", message, "response_code", responseCode, "result_code", "ESB000010",
                "success", true);
    }
}
