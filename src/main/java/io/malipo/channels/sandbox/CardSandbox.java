package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.CHARGE;
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
 * The sandbox of the card processor, for routes/providers/card.yaml: test cards become tokens,
 * tokens are charged, a refund names the charge it refunds; events are charge.* and refund.*.
 */
@Component
class CardSandbox extends SandboxApi {

    static final String CONNECTOR = "card";

    CardSandbox(Kit kit) {
        super(kit, CONNECTOR);
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/v1/tokens").to("direct:sandbox-card-tokenize")
                .post("/v1/charges").to("direct:sandbox-card-charge")
                .get("/v1/charges").to("direct:sandbox-card-status")
                .post("/v1/refunds").to("direct:sandbox-card-refund")
                .get("/v1/refunds").to("direct:sandbox-card-refund-status");
        sandboxRoute("direct:sandbox-card-tokenize", e -> json.respond(e, 201, sandbox.tokenize(
                text(body(e), "number"), text(body(e), "expiry"))));
        sandboxRoute("direct:sandbox-card-charge", this::cardCharge);
        sandboxRoute("direct:sandbox-card-status", e -> cardStatus(e, CHARGE));
        sandboxRoute("direct:sandbox-card-refund", this::cardRefund);
        sandboxRoute("direct:sandbox-card-refund-status", e -> cardStatus(e, REVERSAL));
    }

    @Override
    protected Map<String, Object> refusal(ApiException refusal) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("status", "failed");
        answer.put("failure_reason", refusal.code());
        answer.put("failure_message", refusal.getMessage());
        return answer;
    }

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
}
