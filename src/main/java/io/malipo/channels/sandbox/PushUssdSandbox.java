package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.ANY_KIND;
import static io.malipo.channels.sandbox.SandboxProviders.C2B;
import static io.malipo.channels.sandbox.SandboxProviders.PAYOUT;
import static io.malipo.channels.sandbox.SandboxProviders.PUSH;

import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.ErrorRouteConfigurations;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The sandbox of the USSD-push aggregator (HaloPesa, T-Pesa), for
 * routes/providers/push-ussd.yaml. Pushes and payouts take the same fields; a reversal names the
 * original by original_transaction_id; callbacks say which by their event. It also plays a payer
 * who pays on their own with an order's payment token (c2b).
 */
@Component
class PushUssdSandbox extends SandboxApi {

    static final String CONNECTOR = "push-ussd";

    PushUssdSandbox(Kit kit) {
        super(kit, CONNECTOR);
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/push-ussd/v1/requests").to("direct:sandbox-push-request")
                .post("/push-ussd/v1/payouts").to("direct:sandbox-push-payout")
                .post("/push-ussd/v1/reversals").to("direct:sandbox-push-reversal")
                .get("/push-ussd/v1/requests/{reference}").to("direct:sandbox-push-status")
                .post("/push-ussd/v1/c2b").to("direct:sandbox-push-c2b");
        sandboxRoute("direct:sandbox-push-request", e -> pushTransfer(e, PUSH, "push"));
        sandboxRoute("direct:sandbox-push-payout", e -> pushTransfer(e, PAYOUT, "payout"));
        sandboxRoute("direct:sandbox-push-reversal", this::pushReversal);
        sandboxRoute("direct:sandbox-push-status", this::pushStatus);

        // Plays a payer who pays on their own with an order's payment token. Open to anyone, within
        // a budget per address: it can only pay test-mode orders, since its reports are signed
        // with a sandbox secret.
        from("direct:sandbox-push-c2b").routeId("sandbox-push-c2b")
                .routeConfigurationId(ErrorRouteConfigurations.TOKEN_API)
                .process(guard::anonymous)
                .process(e -> sandbox.provider(guard.provider(e), CONNECTOR))
                .process(this::c2b);
    }

    @Override
    protected Map<String, Object> refusal(ApiException refusal) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("status", "REJECTED");
        answer.put("reason", refusal.code());
        answer.put("message", refusal.getMessage());
        return answer;
    }

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
}
