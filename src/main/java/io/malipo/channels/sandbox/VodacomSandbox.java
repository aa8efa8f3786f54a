package io.malipo.channels.sandbox;

import static io.malipo.channels.sandbox.SandboxProviders.ANY_KIND;
import static io.malipo.channels.sandbox.SandboxProviders.PAYOUT;
import static io.malipo.channels.sandbox.SandboxProviders.PUSH;

import io.malipo.channels.PaymentResult;
import io.malipo.channels.sandbox.SandboxProviders.Result;
import io.malipo.channels.sandbox.SandboxProviders.Transaction;
import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The sandbox of Vodacom's OpenAPI (M-Pesa), for routes/providers/vodacom-openapi.yaml.
 * c2bPayment and b2cPayment take the same fields; a reversal names the original by
 * input_TransactionID. Every kind is reported to the same result callback, and
 * queryTransactionStatus finds every kind by Malipo's reference.
 */
@Component
class VodacomSandbox extends SandboxApi {

    static final String CONNECTOR = "vodacom-openapi";

    VodacomSandbox(Kit kit) {
        super(kit, CONNECTOR);
    }

    @Override
    protected void routes() {
        rest("/sandbox/{provider}").apiDocs(false)
                .post("/ipg/v2/vodacomTZN/c2bPayment/singleStage").to("direct:sandbox-vodacom-push")
                .post("/ipg/v2/vodacomTZN/b2cPayment/singleStage").to("direct:sandbox-vodacom-payout")
                .put("/ipg/v2/vodacomTZN/reversal").to("direct:sandbox-vodacom-reversal")
                .get("/ipg/v2/vodacomTZN/queryTransactionStatus").to("direct:sandbox-vodacom-status");
        sandboxRoute("direct:sandbox-vodacom-push", e -> vodacomTransfer(e, PUSH));
        sandboxRoute("direct:sandbox-vodacom-payout", e -> vodacomTransfer(e, PAYOUT));
        sandboxRoute("direct:sandbox-vodacom-reversal", this::vodacomReversal);
        sandboxRoute("direct:sandbox-vodacom-status", this::vodacomStatus);
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
        if (result.outcome() == PaymentResult.SUCCEEDED) {
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
}
