package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.PAYOUT;
import static io.malipo.channels.sandbox.SandboxProviders.PUSH;
import static io.malipo.channels.sandbox.SandboxProviders.REVERSAL;

import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The sandbox of the Airtel Money API, for routes/providers/airtel-money.yaml. Numbers travel
 * without the country code; a refund names the original by its airtel_money_id. Every kind is
 * reported to the same transaction callback; each has its own enquiry.
 */
@Component
class AirtelSandbox extends SandboxApi {

    static final String CONNECTOR = "airtel-money";

    AirtelSandbox(Kit kit) {
        super(kit, CONNECTOR);
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/merchant/v1/payments").to("direct:sandbox-airtel-push")
                .get("/standard/v1/payments/{reference}").to("direct:sandbox-airtel-status")
                .post("/standard/v1/disbursements").to("direct:sandbox-airtel-payout")
                .get("/standard/v1/disbursements/{reference}").to("direct:sandbox-airtel-payout-status")
                .post("/standard/v1/payments/refund").to("direct:sandbox-airtel-refund")
                .get("/standard/v1/payments/refund/{reference}").to("direct:sandbox-airtel-refund-status");
        sandboxRoute("direct:sandbox-airtel-push", this::airtelPush);
        sandboxRoute("direct:sandbox-airtel-payout", this::airtelPayout);
        sandboxRoute("direct:sandbox-airtel-refund", this::airtelRefund);
        sandboxRoute("direct:sandbox-airtel-status", e -> airtelStatus(e, PUSH));
        sandboxRoute("direct:sandbox-airtel-payout-status", e -> airtelStatus(e, PAYOUT));
        sandboxRoute("direct:sandbox-airtel-refund-status", e -> airtelStatus(e, REVERSAL));
    }

    @Override
    protected Map<String, Object> refusal(ApiException refusal) {
        boolean unknown = refusal.status() == 404;
        boolean tooMuch = "amount_too_large".equals(refusal.code());
        return Map.of("status", Map.of("code", String.valueOf(refusal.status()),
                "message", refusal.getMessage(), "success", false,
                "result_code", unknown || tooMuch ? "ESB000011" : "ESB000008",
                "response_code", unknown ? "DP00900001015" : tooMuch ? "DP00900001013" : "DP00900001004"));
    }

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
}
