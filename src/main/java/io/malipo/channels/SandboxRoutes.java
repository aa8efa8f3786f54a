package io.malipo.channels;

import static io.malipo.channels.SandboxProviders.C2B;
import static io.malipo.channels.SandboxProviders.CHARGE;
import static io.malipo.channels.SandboxProviders.PAYOUT;
import static io.malipo.channels.SandboxProviders.PUSH;
import static io.malipo.channels.SandboxProviders.REVERSAL;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.channels.SandboxProviders.Result;
import io.malipo.channels.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.RandomTokens;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The sandbox providers' HTTP APIs under /sandbox/{provider}: each speaks the API of its
 * connector (Vodacom OpenAPI, Airtel Money, the USSD-push aggregator, the card processor) in
 * that API's own formats, so the connector routes run for real in test mode: collections,
 * payouts, reversals (refunds), their reports and their status queries. A request the sandbox
 * cannot read (an amount that is not one, a missing reference) is answered 400 in that API's
 * refusal format, never booked.
 */
@Component
public class SandboxRoutes extends RouteBuilder {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() { };
    private static final String VODACOM = "vodacom-openapi";
    private static final String AIRTEL = "airtel-money";
    private static final String PUSH_USSD = "push-ussd";
    private static final String CARD = "card";
    private static final Set<String> ANY_KIND = Set.of(PUSH, C2B, CHARGE, PAYOUT, REVERSAL);

    private final SandboxProviders sandbox;
    private final SandboxGuard guard;
    private final ChannelProperties properties;
    private final JsonBodies json;
    private final ObjectMapper mapper;

    public SandboxRoutes(SandboxProviders sandbox, SandboxGuard guard, ChannelProperties properties, JsonBodies json,
            ObjectMapper mapper) {
        this.sandbox = sandbox;
        this.guard = guard;
        this.properties = properties;
        this.json = json;
        this.mapper = mapper;
    }

    @Override
    public void configure() {
        if (!properties.sandbox().enabled()) {
            return;
        }
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/ipg/v2/vodacomTZN/c2bPayment/singleStage").to("direct:sandbox-vodacom-push")
                .post("/ipg/v2/vodacomTZN/b2cPayment/singleStage").to("direct:sandbox-vodacom-payout")
                .put("/ipg/v2/vodacomTZN/reversal").to("direct:sandbox-vodacom-reversal")
                .get("/ipg/v2/vodacomTZN/queryTransactionStatus").to("direct:sandbox-vodacom-status")
                .post("/merchant/v1/payments").to("direct:sandbox-airtel-push")
                .get("/standard/v1/payments/{reference}").to("direct:sandbox-airtel-status")
                .post("/standard/v1/disbursements").to("direct:sandbox-airtel-payout")
                .get("/standard/v1/disbursements/{reference}").to("direct:sandbox-airtel-payout-status")
                .post("/standard/v1/payments/refund").to("direct:sandbox-airtel-refund")
                .get("/standard/v1/payments/refund/{reference}").to("direct:sandbox-airtel-refund-status")
                .post("/push-ussd/v1/requests").to("direct:sandbox-push-request")
                .post("/push-ussd/v1/payouts").to("direct:sandbox-push-payout")
                .post("/push-ussd/v1/reversals").to("direct:sandbox-push-reversal")
                .get("/push-ussd/v1/requests/{reference}").to("direct:sandbox-push-status")
                .post("/push-ussd/v1/c2b").to("direct:sandbox-push-c2b")
                .post("/v1/tokens").to("direct:sandbox-card-tokenize")
                .post("/v1/charges").to("direct:sandbox-card-charge")
                .get("/v1/charges").to("direct:sandbox-card-status")
                .post("/v1/refunds").to("direct:sandbox-card-refund")
                .get("/v1/refunds").to("direct:sandbox-card-refund-status");

        sandboxRoute("sandbox-vodacom-push", VODACOM, e -> vodacomTransfer(e, PUSH));
        sandboxRoute("sandbox-vodacom-payout", VODACOM, e -> vodacomTransfer(e, PAYOUT));
        sandboxRoute("sandbox-vodacom-reversal", VODACOM, this::vodacomReversal);
        sandboxRoute("sandbox-vodacom-status", VODACOM, this::vodacomStatus);
        sandboxRoute("sandbox-airtel-push", AIRTEL, this::airtelPush);
        sandboxRoute("sandbox-airtel-payout", AIRTEL, this::airtelPayout);
        sandboxRoute("sandbox-airtel-refund", AIRTEL, this::airtelRefund);
        sandboxRoute("sandbox-airtel-status", AIRTEL, e -> airtelStatus(e, PUSH));
        sandboxRoute("sandbox-airtel-payout-status", AIRTEL, e -> airtelStatus(e, PAYOUT));
        sandboxRoute("sandbox-airtel-refund-status", AIRTEL, e -> airtelStatus(e, REVERSAL));
        sandboxRoute("sandbox-push-request", PUSH_USSD, e -> pushTransfer(e, PUSH, "push"));
        sandboxRoute("sandbox-push-payout", PUSH_USSD, e -> pushTransfer(e, PAYOUT, "payout"));
        sandboxRoute("sandbox-push-reversal", PUSH_USSD, this::pushReversal);
        sandboxRoute("sandbox-push-status", PUSH_USSD, this::pushStatus);
        sandboxRoute("sandbox-card-tokenize", CARD, e -> json.respond(e, 201, sandbox.tokenize(
                text(body(e), "number"), text(body(e), "expiry"))));
        sandboxRoute("sandbox-card-charge", CARD, this::cardCharge);
        sandboxRoute("sandbox-card-status", CARD, e -> cardStatus(e, CHARGE));
        sandboxRoute("sandbox-card-refund", CARD, this::cardRefund);
        sandboxRoute("sandbox-card-refund-status", CARD, e -> cardStatus(e, REVERSAL));

        // Plays a payer who pays on their own with an order's payment token. Open to anyone, within
        // a budget per address: it can only pay test-mode orders, since its reports are signed
        // with a sandbox secret.
        from("direct:sandbox-push-c2b").routeId("sandbox-push-c2b")
                .routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .process(guard::anonymous)
                .process(e -> sandbox.provider(guard.provider(e), PUSH_USSD))
                .process(this::c2b);
    }

    private void sandboxRoute(String routeId, String connector, Processor handler) {
        from("direct:" + routeId).routeId(routeId).routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .doTry()
                    .process(e -> admit(e, connector))
                    .process(handler)
                .doCatch(ApiException.class)
                    .process(e -> refuse(e, connector))
                .end();
    }

    /** Malipo's sandbox key for a provider this connector speaks for; a caller without it spends its budget. */
    private void admit(Exchange exchange, String connector) {
        try {
            sandbox.authenticate(guard.provider(exchange), connector, exchange.getIn().getHeader("Authorization",
                    String.class));
        } catch (ApiException refused) {
            guard.anonymous(exchange);
            throw refused;
        }
    }

    /**
     * A request the sandbox will not carry out, answered as that provider's API says "nothing was
     * done": the connectors read a refusal from the provider's own codes, never from the HTTP
     * status alone, which a gateway in front of a provider may send after the provider acted.
     */
    private void refuse(Exchange exchange, String connector) throws Exception {
        ApiException refusal = exchange.getProperty(Exchange.EXCEPTION_CAUGHT, ApiException.class);
        boolean unknown = refusal.status() == 404;
        boolean tooMuch = "amount_too_large".equals(refusal.code());
        Map<String, Object> answer = new LinkedHashMap<>();
        switch (connector) {
            case VODACOM -> {
                answer.put("output_ResponseCode", refusal.status() == 401 ? "INS-2" : unknown ? "INS-18"
                        : tooMuch ? "INS-15" : "INS-21");
                answer.put("output_ResponseDesc", refusal.getMessage());
            }
            case AIRTEL -> answer.put("status", Map.of("code", String.valueOf(refusal.status()),
                    "message", refusal.getMessage(), "success", false,
                    "result_code", unknown || tooMuch ? "ESB000011" : "ESB000008",
                    "response_code", unknown ? "DP00900001015" : tooMuch ? "DP00900001013" : "DP00900001004"));
            case PUSH_USSD -> {
                answer.put("status", "REJECTED");
                answer.put("reason", refusal.code());
                answer.put("message", refusal.getMessage());
            }
            default -> {
                answer.put("status", "failed");
                answer.put("failure_reason", refusal.code());
                answer.put("failure_message", refusal.getMessage());
            }
        }
        json.respond(exchange, refusal.status(), answer);
        refusal.headers().forEach(exchange.getMessage()::setHeader);
    }

    // --- Vodacom OpenAPI: c2bPayment and b2cPayment take the same fields; a reversal names the
    // original by input_TransactionID. Every one is reported to the same result callback.

    private void vodacomTransfer(Exchange exchange, String kind) throws Exception {
        Map<String, Object> request = body(exchange);
        String conversation = "AG_" + RandomTokens.crockford(20);
        Transaction tx = sandbox.record(provider(exchange), reference(request, "input_ThirdPartyConversationID"),
                msisdn(request, "input_CustomerMSISDN"), null, amount(request, "input_Amount"),
                currency(request, "input_Currency"), kind, vodacomCallback(conversation));
        vodacomAccepted(exchange, tx, conversation);
    }

    private void vodacomReversal(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
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
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", "INS-0");
        sandbox.find(provider(exchange), reference, ANY_KIND).ifPresentOrElse(tx -> {
            Result result = sandbox.result(tx);
            answer.put("output_ResponseTransactionStatus", word(result, "Completed", "Failed", "Pending"));
            answer.put("output_FailureCode", result.failureCode());
            answer.put("output_TransactionID", tx.id());
        }, () -> answer.put("output_ResponseTransactionStatus", "Not Found"));
        json.respond(exchange, 200, answer);
    }

    /** The sandbox's result codes; routes/providers/vodacom-openapi.yaml reads them back. */
    private static String vodacomCode(Result result) {
        if (result.outcome() == Outcome.SUCCEEDED) {
            return "INS-0";
        }
        return switch (String.valueOf(result.failureCode())) {
            case "insufficient_funds" -> "INS-2006";
            case "recipient_rejected" -> "INS-2002";
            case "limit_exceeded" -> "INS-15";
            case "reversal_refused" -> "INS-6";
            default -> "INS-2051";
        };
    }

    // --- Airtel Money: numbers without the country code; a refund names the original by its
    // airtel_money_id. Every kind is reported to the same transaction callback.

    private void airtelPush(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        Map<String, Object> transaction = object(request, "transaction");
        String reference = reference(transaction, "id");
        sandbox.record(provider(exchange), reference, "255" + msisdn(object(request, "subscriber"), "msisdn"), null,
                amount(transaction, "amount"), currency(transaction, "currency"), PUSH, airtelCallback());
        json.respond(exchange, 200, Map.of(
                "data", Map.of("transaction", Map.of("id", reference, "status", "Success.")),
                "status", airtelStatusBlock("DP00800001006", "SUCCESS")));
    }

    private void airtelPayout(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        Map<String, Object> transaction = object(request, "transaction");
        Transaction tx = sandbox.record(provider(exchange), reference(transaction, "id"),
                "255" + msisdn(object(request, "payee"), "msisdn"), null, amount(transaction, "amount"),
                currency(exchange.getIn().getHeaders(), "X-Currency"), PAYOUT, airtelCallback());
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", Map.of("id", tx.reference(),
                "airtel_money_id", tx.id(), "status", "TIP")),
                "status", airtelStatusBlock("DP00900001006", "Transaction is in process.")));
    }

    private void airtelRefund(Exchange exchange) throws Exception {
        Map<String, Object> transaction = object(body(exchange), "transaction");
        Transaction tx = sandbox.reverse(provider(exchange), required(transaction, "airtel_money_id"),
                reference(transaction, "id"), optionalAmount(transaction, "amount"), airtelCallback());
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", Map.of("id", tx.reference(),
                "airtel_money_id", tx.id(), "status", "SUCCESS")),
                "status", airtelStatusBlock("DP00900001001", "SUCCESS")));
    }

    private Function<Transaction, Map<String, Object>> airtelCallback() {
        return t -> {
            Result result = sandbox.result(t);
            Map<String, Object> tx = new LinkedHashMap<>();
            tx.put("id", t.reference());
            tx.put("message", result.failureMessage() == null ? "Paid" : result.failureMessage());
            tx.put("status_code", word(result, "TS", "TF", "TIP"));
            tx.put("airtel_money_id", t.id());
            return Map.of("transaction", tx);
        };
    }

    /** One enquiry per kind: payments/{id}, disbursements/{id} and (the sandbox's choice) payments/refund/{id}. */
    private void airtelStatus(Exchange exchange, String kind) throws Exception {
        String reference = guard.reference(exchange, "reference");
        Transaction tx = sandbox.find(provider(exchange), reference, Set.of(kind)).orElseThrow(() ->
                ApiException.notFound("No transaction " + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> transaction = new LinkedHashMap<>();
        transaction.put("airtel_money_id", tx.id());
        transaction.put("id", reference);
        transaction.put("message", result.failureMessage() == null ? "" : result.failureMessage());
        transaction.put("status", word(result, "TS", "TF", "TIP"));
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", transaction),
                "status", airtelStatusBlock("DP00900001001", "SUCCESS")));
    }

    private static Map<String, Object> airtelStatusBlock(String responseCode, String message) {
        return Map.of("code", "200", "message", message, "response_code", responseCode, "result_code", "ESB000010",
                "success", true);
    }

    // --- USSD-push aggregator: pushes and payouts take the same fields; a reversal names the
    // original by original_transaction_id. Callbacks say which by their event.

    private void pushTransfer(Exchange exchange, String kind, String event) throws Exception {
        Map<String, Object> request = body(exchange);
        Transaction tx = sandbox.record(provider(exchange), reference(request, "reference"), msisdn(request, "msisdn"),
                null, amount(request, "amount"), currency(request, "currency"), kind, pushCallback(event));
        json.respond(exchange, 202, Map.of("request_id", tx.id(), "status", "ACCEPTED"));
    }

    private void pushReversal(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        Transaction tx = sandbox.reverse(provider(exchange), required(request, "original_transaction_id"),
                reference(request, "reference"), optionalAmount(request, "amount"), pushCallback("reversal"));
        json.respond(exchange, 202, Map.of("request_id", tx.id(), "status", "ACCEPTED"));
    }

    private Function<Transaction, Map<String, Object>> pushCallback(String event) {
        return t -> {
            Result result = sandbox.result(t);
            Map<String, Object> callback = new LinkedHashMap<>();
            callback.put("event", event);
            callback.put("request_id", t.id());
            callback.put("reference", t.reference());
            callback.put("status", word(result, "SUCCESS", "FAILED", "PENDING"));
            callback.put("reason", result.failureCode());
            callback.put("transaction_id", t.id());
            return callback;
        };
    }

    /** One status resource, requests/{reference}, for pushes, payouts and reversals alike. */
    private void pushStatus(Exchange exchange) throws Exception {
        String reference = guard.reference(exchange, "reference");
        Transaction tx = sandbox.find(provider(exchange), reference, ANY_KIND).orElseThrow(() ->
                ApiException.notFound("No request " + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("reference", reference);
        answer.put("status", word(result, "SUCCESS", "FAILED", "PENDING"));
        answer.put("reason", result.failureCode());
        answer.put("transaction_id", tx.id());
        json.respond(exchange, 200, answer);
    }

    private void c2b(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String token = text(request, "payment_token");
        String msisdn = text(request, "msisdn");
        String amount = text(request, "amount");
        if (token == null || msisdn == null || amount == null || !amount.matches("[0-9]{1,15}(\\.[0-9]{1,2})?")
                || !msisdn.matches("[0-9]{8,15}") || token.length() > 64) {
            throw ApiException.badRequest("validation_failed",
                    "Send payment_token, msisdn and amount (such as 15000 or 15000.50), and optionally currency.");
        }
        String currency = text(request, "currency") == null ? "TZS" : currency(request, "currency");
        Transaction tx = sandbox.record(provider(exchange), token, msisdn, null, new BigDecimal(amount), currency,
                C2B, t -> {
                    Map<String, Object> callback = new LinkedHashMap<>();
                    callback.put("event", "c2b");
                    callback.put("transaction_id", t.id());
                    callback.put("payment_token", t.reference());
                    callback.put("msisdn", t.msisdn());
                    callback.put("amount", t.amount().toPlainString());
                    callback.put("currency", t.currency());
                    callback.put("status", "SUCCESS");
                    return callback;
                });
        json.respond(exchange, 202, Map.of("transaction_id", tx.id(), "status", "ACCEPTED"));
    }

    // --- card processor: a refund names the charge it refunds; events are charge.* and refund.*

    private void cardCharge(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String token = text(request, "token");
        if (token == null || sandbox.card(token).isEmpty()) {
            json.respond(exchange, 402, Map.of("status", "failed", "failure_reason", "invalid_token"));
            return;
        }
        Transaction tx = sandbox.record(provider(exchange), reference(request, "reference"), null, token,
                amount(request, "amount"), currency(request, "currency"), CHARGE, cardEvent("charge", null));
        json.respond(exchange, 201, Map.of("id", tx.id(), "reference", tx.reference(), "status", "pending"));
    }

    private void cardRefund(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String charge = required(request, "charge");
        Transaction tx = sandbox.reverse(provider(exchange), charge, reference(request, "reference"),
                optionalAmount(request, "amount"), cardEvent("refund", charge));
        json.respond(exchange, 201, Map.of("id", tx.id(), "charge", charge, "reference", tx.reference(),
                "status", "pending"));
    }

    private Function<Transaction, Map<String, Object>> cardEvent(String object, String charge) {
        return t -> {
            Result result = sandbox.result(t);
            Map<String, Object> data = new LinkedHashMap<>();
            data.put("id", t.id());
            data.put("reference", t.reference());
            if (charge != null) {
                data.put("charge", charge);
            }
            data.put("status", word(result, "succeeded", "failed", "pending"));
            data.put("failure_reason", result.failureCode());
            return Map.of("id", "evt_" + t.id(), "type", object + "." + data.get("status"), "data", data);
        };
    }

    /** GET /v1/charges?reference=… and GET /v1/refunds?reference=…: one object of that kind. */
    private void cardStatus(Exchange exchange, String kind) throws Exception {
        String reference = guard.reference(exchange, "reference");
        Transaction tx = sandbox.find(provider(exchange), reference, Set.of(kind)).orElseThrow(() ->
                ApiException.notFound("No " + (CHARGE.equals(kind) ? "charge " : "refund ") + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", tx.id());
        answer.put("reference", reference);
        answer.put("status", word(result, "succeeded", "failed", "pending"));
        answer.put("failure_reason", result.failureCode());
        json.respond(exchange, 200, answer);
    }

    // --- reading requests

    /** Each API's word for an outcome. */
    private static String word(Result result, String succeeded, String failed, String pending) {
        return switch (result.outcome()) {
            case SUCCEEDED -> succeeded;
            case FAILED -> failed;
            default -> pending;
        };
    }

    private Map<String, Object> body(Exchange exchange) {
        try {
            Map<String, Object> body = mapper.readValue(HttpExchanges.rawBody(exchange), MAP);
            if (body != null) {
                return body;
            }
        } catch (IOException e) {
            // answered below
        }
        throw ApiException.badRequest("malformed_json", "The body must be a JSON object.");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Map<String, Object> map, String key) {
        if (map.get(key) instanceof Map<?, ?> object) {
            return (Map<String, Object>) object;
        }
        throw ApiException.invalid(key, "must be an object");
    }

    private static String text(Map<String, Object> map, String key) {
        Object value = map == null ? null : map.get(key);
        return value == null ? null : value.toString();
    }

    private static String required(Map<String, Object> map, String key) {
        String value = text(map, key);
        if (value == null || value.isBlank() || map.get(key) instanceof Map || map.get(key) instanceof Iterable) {
            throw ApiException.invalid(key, "is required");
        }
        return value;
    }

    /** The client's own reference, which the sandbox books (at most 64 characters). */
    private static String reference(Map<String, Object> map, String key) {
        String value = required(map, key);
        if (value.length() > 64) {
            throw ApiException.invalid(key, "must be at most 64 characters");
        }
        return value;
    }

    private static String msisdn(Map<String, Object> map, String key) {
        String value = required(map, key);
        if (!value.matches("[0-9]{6,15}")) {
            throw ApiException.invalid(key, "must be the wallet's number, digits only");
        }
        return value;
    }

    private static String currency(Map<String, Object> map, String key) {
        String value = required(map, key);
        if (!value.matches("[A-Z]{3}")) {
            throw ApiException.invalid(key, "must be an ISO 4217 code such as TZS");
        }
        return value;
    }

    private static BigDecimal amount(Map<String, Object> map, String key) {
        BigDecimal amount = optionalAmount(map, key);
        if (amount == null) {
            throw ApiException.invalid(key, "is required");
        }
        return amount;
    }

    /** A positive amount of at most two decimals, written as a JSON number or string; null when absent. */
    private static BigDecimal optionalAmount(Map<String, Object> map, String key) {
        Object value = map.get(key);
        if (value == null) {
            return null;
        }
        try {
            BigDecimal amount = new BigDecimal(value.toString().strip());
            if (amount.signum() > 0 && amount.stripTrailingZeros().scale() <= 2
                    && amount.precision() - amount.scale() <= 17) {
                return amount;
            }
        } catch (NumberFormatException e) {
            // answered below
        }
        throw ApiException.invalid(key, "must be a positive amount with at most two decimals, such as 15000 or 15000.50");
    }

    private static String provider(Exchange exchange) {
        return exchange.getIn().getHeader("provider", String.class);
    }
}
