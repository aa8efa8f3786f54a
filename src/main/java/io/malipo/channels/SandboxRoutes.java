package io.malipo.channels;

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
import org.apache.camel.Exchange;
import org.apache.camel.Processor;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The sandbox providers' HTTP APIs under /sandbox/{provider}: each speaks the API of its
 * connector (Vodacom OpenAPI, Airtel Money, the USSD-push aggregator, the card processor) in
 * that API's own formats, so the connector routes run for real in test mode.
 */
@Component
public class SandboxRoutes extends RouteBuilder {

    private static final TypeReference<LinkedHashMap<String, Object>> MAP = new TypeReference<>() { };

    private final SandboxProviders sandbox;
    private final JsonBodies json;
    private final ObjectMapper mapper;

    public SandboxRoutes(SandboxProviders sandbox, JsonBodies json, ObjectMapper mapper) {
        this.sandbox = sandbox;
        this.json = json;
        this.mapper = mapper;
    }

    @Override
    public void configure() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/ipg/v2/vodacomTZN/c2bPayment/singleStage").to("direct:sandbox-vodacom-push")
                .get("/ipg/v2/vodacomTZN/queryTransactionStatus").to("direct:sandbox-vodacom-status")
                .post("/merchant/v1/payments").to("direct:sandbox-airtel-push")
                .get("/standard/v1/payments/{reference}").to("direct:sandbox-airtel-status")
                .post("/push-ussd/v1/requests").to("direct:sandbox-push-request")
                .get("/push-ussd/v1/requests/{reference}").to("direct:sandbox-push-status")
                .post("/push-ussd/v1/c2b").to("direct:sandbox-push-c2b")
                .post("/v1/tokens").to("direct:sandbox-card-tokenize")
                .post("/v1/charges").to("direct:sandbox-card-charge")
                .get("/v1/charges").to("direct:sandbox-card-status");

        sandboxRoute("sandbox-vodacom-push", "vodacom-openapi", this::vodacomPush);
        sandboxRoute("sandbox-vodacom-status", "vodacom-openapi", this::vodacomStatus);
        sandboxRoute("sandbox-airtel-push", "airtel-money", this::airtelPush);
        sandboxRoute("sandbox-airtel-status", "airtel-money", this::airtelStatus);
        sandboxRoute("sandbox-push-request", "push-ussd", this::pushRequest);
        sandboxRoute("sandbox-push-status", "push-ussd", this::pushStatus);
        sandboxRoute("sandbox-card-tokenize", "card", e -> json.respond(e, 201, sandbox.tokenize(
                text(body(e), "number"), text(body(e), "expiry"))));
        sandboxRoute("sandbox-card-charge", "card", this::cardCharge);
        sandboxRoute("sandbox-card-status", "card", this::cardStatus);

        // Plays a payer who pays on their own with an order's payment token. Open to anyone: it
        // can only pay test-mode orders, since its reports are signed with a sandbox secret.
        from("direct:sandbox-push-c2b").routeId("sandbox-push-c2b")
                .routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .process(this::c2b);
    }

    private void sandboxRoute(String routeId, String connector, Processor handler) {
        from("direct:" + routeId).routeId(routeId).routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .process(e -> sandbox.authenticate(provider(e), connector, e.getIn().getHeader("Authorization",
                        String.class)))
                .process(handler);
    }

    // --- Vodacom OpenAPI

    private void vodacomPush(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String reference = text(request, "input_ThirdPartyConversationID");
        String conversation = "AG_" + RandomTokens.crockford(20);
        Transaction tx = sandbox.record(provider(exchange), reference, text(request, "input_CustomerMSISDN"), null,
                new BigDecimal(text(request, "input_Amount")), text(request, "input_Currency"), "PUSH", t -> {
                    Result result = sandbox.result(t);
                    Map<String, Object> callback = new LinkedHashMap<>();
                    callback.put("input_OriginalConversationID", conversation);
                    callback.put("input_ThirdPartyConversationID", t.reference());
                    callback.put("input_TransactionID", t.id());
                    callback.put("input_ResultCode", vodacomCode(result));
                    callback.put("input_ResultDesc", result.failureMessage() == null
                            ? "Request processed successfully" : result.failureMessage());
                    return callback;
                });
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", "INS-0");
        answer.put("output_ResponseDesc", "Request processed successfully");
        answer.put("output_TransactionID", tx.id());
        answer.put("output_ConversationID", conversation);
        answer.put("output_ThirdPartyConversationID", reference);
        json.respond(exchange, 201, answer);
    }

    private void vodacomStatus(Exchange exchange) throws Exception {
        String reference = exchange.getIn().getHeader("input_QueryReference", String.class);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", "INS-0");
        sandbox.find(provider(exchange), String.valueOf(reference)).ifPresentOrElse(tx -> {
            Result result = sandbox.result(tx);
            answer.put("output_ResponseTransactionStatus", switch (result.outcome()) {
                case SUCCEEDED -> "Completed";
                case FAILED -> "Failed";
                default -> "Pending";
            });
            answer.put("output_FailureCode", result.failureCode());
            answer.put("output_TransactionID", tx.id());
        }, () -> answer.put("output_ResponseTransactionStatus", "Not Found"));
        json.respond(exchange, 200, answer);
    }

    private static String vodacomCode(Result result) {
        if (result.outcome() == Outcome.SUCCEEDED) {
            return "INS-0";
        }
        return "insufficient_funds".equals(result.failureCode()) ? "INS-2006" : "INS-2051";
    }

    // --- Airtel Money

    @SuppressWarnings("unchecked")
    private void airtelPush(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        Map<String, Object> transaction = (Map<String, Object>) request.get("transaction");
        Map<String, Object> subscriber = (Map<String, Object>) request.get("subscriber");
        String reference = text(transaction, "id");
        sandbox.record(provider(exchange), reference, "255" + text(subscriber, "msisdn"), null,
                new BigDecimal(text(transaction, "amount")), text(transaction, "currency"), "PUSH", t -> {
                    Result result = sandbox.result(t);
                    Map<String, Object> tx = new LinkedHashMap<>();
                    tx.put("id", t.reference());
                    tx.put("message", result.failureMessage() == null ? "Paid" : result.failureMessage());
                    tx.put("status_code", result.outcome() == Outcome.SUCCEEDED ? "TS" : "TF");
                    tx.put("airtel_money_id", t.id());
                    return Map.of("transaction", tx);
                });
        json.respond(exchange, 200, Map.of(
                "data", Map.of("transaction", Map.of("id", reference, "status", "Success.")),
                "status", airtelStatusBlock()));
    }

    private void airtelStatus(Exchange exchange) throws Exception {
        String reference = exchange.getIn().getHeader("reference", String.class);
        Transaction tx = sandbox.find(provider(exchange), reference).orElseThrow(() ->
                ApiException.notFound("No transaction " + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> transaction = new LinkedHashMap<>();
        transaction.put("airtel_money_id", tx.id());
        transaction.put("id", reference);
        transaction.put("message", result.failureMessage() == null ? "" : result.failureMessage());
        transaction.put("status", switch (result.outcome()) {
            case SUCCEEDED -> "TS";
            case FAILED -> "TF";
            default -> "TIP";
        });
        json.respond(exchange, 200, Map.of("data", Map.of("transaction", transaction), "status", airtelStatusBlock()));
    }

    private static Map<String, Object> airtelStatusBlock() {
        return Map.of("code", "200", "message", "SUCCESS", "result_code", "ESB000010", "success", true);
    }

    // --- USSD-push aggregator

    private void pushRequest(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String reference = text(request, "reference");
        Transaction tx = sandbox.record(provider(exchange), reference, text(request, "msisdn"), null,
                new BigDecimal(text(request, "amount")), text(request, "currency"), "PUSH", t -> {
                    Result result = sandbox.result(t);
                    Map<String, Object> callback = new LinkedHashMap<>();
                    callback.put("event", "push");
                    callback.put("request_id", t.id());
                    callback.put("reference", t.reference());
                    callback.put("status", result.outcome() == Outcome.SUCCEEDED ? "SUCCESS" : "FAILED");
                    callback.put("reason", result.failureCode());
                    callback.put("transaction_id", t.id());
                    return callback;
                });
        json.respond(exchange, 202, Map.of("request_id", tx.id(), "status", "ACCEPTED"));
    }

    private void pushStatus(Exchange exchange) throws Exception {
        String reference = exchange.getIn().getHeader("reference", String.class);
        Transaction tx = sandbox.find(provider(exchange), reference).orElseThrow(() ->
                ApiException.notFound("No request " + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("reference", reference);
        answer.put("status", switch (result.outcome()) {
            case SUCCEEDED -> "SUCCESS";
            case FAILED -> "FAILED";
            default -> "PENDING";
        });
        answer.put("reason", result.failureCode());
        answer.put("transaction_id", tx.id());
        json.respond(exchange, 200, answer);
    }

    private void c2b(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String token = text(request, "payment_token");
        String msisdn = text(request, "msisdn");
        String amount = text(request, "amount");
        if (token == null || msisdn == null || amount == null || !amount.matches("[0-9]+(\\.[0-9]{1,2})?")) {
            throw ApiException.badRequest("validation_failed",
                    "Send payment_token, msisdn and amount (such as 15000 or 15000.50), and optionally currency.");
        }
        String currency = text(request, "currency") == null ? "TZS" : text(request, "currency");
        Transaction tx = sandbox.record(provider(exchange), token, msisdn, null, new BigDecimal(amount), currency,
                "C2B", t -> {
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

    // --- card processor

    private void cardCharge(Exchange exchange) throws Exception {
        Map<String, Object> request = body(exchange);
        String token = text(request, "token");
        if (token == null || sandbox.card(token).isEmpty()) {
            json.respond(exchange, 402, Map.of("status", "failed", "failure_reason", "invalid_token"));
            return;
        }
        String reference = text(request, "reference");
        Transaction tx = sandbox.record(provider(exchange), reference, null, token,
                new BigDecimal(text(request, "amount")), text(request, "currency"), "CHARGE", t -> {
                    Result result = sandbox.result(t);
                    Map<String, Object> data = new LinkedHashMap<>();
                    data.put("id", t.id());
                    data.put("reference", t.reference());
                    data.put("status", result.outcome() == Outcome.SUCCEEDED ? "succeeded" : "failed");
                    data.put("failure_reason", result.failureCode());
                    return Map.of("id", "evt_" + t.id(), "type", result.outcome() == Outcome.SUCCEEDED
                            ? "charge.succeeded" : "charge.failed", "data", data);
                });
        json.respond(exchange, 201, Map.of("id", tx.id(), "reference", reference, "status", "pending"));
    }

    private void cardStatus(Exchange exchange) throws Exception {
        String reference = exchange.getIn().getHeader("reference", String.class);
        Transaction tx = sandbox.find(provider(exchange), String.valueOf(reference)).orElseThrow(() ->
                ApiException.notFound("No charge " + reference + "."));
        Result result = sandbox.result(tx);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", tx.id());
        answer.put("reference", reference);
        answer.put("status", switch (result.outcome()) {
            case SUCCEEDED -> "succeeded";
            case FAILED -> "failed";
            default -> "pending";
        });
        answer.put("failure_reason", result.failureCode());
        json.respond(exchange, 200, answer);
    }

    // --- helpers

    private Map<String, Object> body(Exchange exchange) {
        try {
            return mapper.readValue(HttpExchanges.rawBody(exchange), MAP);
        } catch (IOException e) {
            throw ApiException.badRequest("malformed_json", "The body must be a JSON object.");
        }
    }

    private static String text(Map<String, Object> map, String key) {
        Object value = map == null ? null : map.get(key);
        return value == null ? null : value.toString();
    }

    private static String provider(Exchange exchange) {
        return exchange.getIn().getHeader("provider", String.class);
    }
}
