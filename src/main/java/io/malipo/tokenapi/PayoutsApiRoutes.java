package io.malipo.tokenapi;

import io.malipo.common.ApiException;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.Msisdn;
import io.malipo.merchant.Scope;
import io.malipo.payments.NewPayout;
import io.malipo.payments.NewReversal;
import io.malipo.payments.PaymentsEndpoints;
import io.malipo.payments.PayoutView;
import io.malipo.payments.ReversalView;
import org.springframework.stereotype.Component;

/** Payouts and reversals of the token API: money leaving a merchant's balance. */
@Component
public class PayoutsApiRoutes extends TokenApiRouteBuilder {

    private static final String TAG = "Payouts and reversals";
    static final String PAYOUTS_LIST = "payouts";

    private final Paging paging;
    private final JsonBodies json;

    public PayoutsApiRoutes(Idempotency idempotency, Paging paging, JsonBodies json) {
        super(idempotency);
        this.paging = paging;
        this.json = json;
    }

    @Override
    public void configure() {
        idempotent(api().post("/payouts").id("rest-api-payout-create").tag(TAG)
                .security(SECURITY, "payouts.write,payments.write")
                .description("Send money from your available balance to a mobile wallet. The amount and the fee are "
                        + "taken from the balance at once (400 insufficient_balance when it does not cover both) and "
                        + "given back if the provider fails the payout; payout.succeeded or payout.failed follows. "
                        + "Needs both payouts.write and payments.write. reference is yours and unique among payouts.")
                .type(PayoutRequest.class))
                .responseMessage().code(201).message("The payout, PENDING (or FAILED when refused outright)")
                        .responseModel(PayoutView.class).endResponseMessage()
                .responseMessage().code(400).message("A field breaks a rule, the balance does not cover it, or the "
                        + "reference was used").endResponseMessage()
                .responseMessage().code(503).message("The provider cannot be reached; nothing was sent or taken")
                        .endResponseMessage()
                .to("direct:api-payout-create");
        paged(api().get("/payouts").id("rest-api-payouts-list").tag(TAG).security(SECURITY, "payments.read")
                .description("Your payouts in the token's mode, newest first"))
                .responseMessage().code(200).message("A page of payouts").responseModel(PayoutPage.class)
                        .endResponseMessage()
                .to("direct:api-payouts-list");
        api().get("/payouts/{id}").id("rest-api-payout-get").tag(TAG).security(SECURITY, "payments.read")
                .description("One payout")
                .responseMessage().code(200).message("The payout").responseModel(PayoutView.class).endResponseMessage()
                .responseMessage().code(404).message("No payout of this merchant and mode has this id")
                        .endResponseMessage()
                .to("direct:api-payout-get");
        idempotent(api().post("/reversals").id("rest-api-reversal-create").tag(TAG).security(SECURITY, "refunds.write")
                .description("Send all (amount left out) or part of a succeeded payment back to its payer. Never more "
                        + "than was collected less what was already reversed; the amount is taken from your balance at "
                        + "once (Malipo's fee on the payment is not given back) and given back if the provider fails "
                        + "it. reversal.succeeded or reversal.failed follows; a fully reversed payment becomes REVERSED.")
                .type(ReversalRequest.class))
                .responseMessage().code(201).message("The reversal, PENDING (or FAILED when refused outright)")
                        .responseModel(ReversalView.class).endResponseMessage()
                .responseMessage().code(400).message("More than can be reversed, a payment not SUCCEEDED, or the "
                        + "balance does not cover it").endResponseMessage()
                .responseMessage().code(404).message("No payment of this merchant and mode has this id")
                        .endResponseMessage()
                .to("direct:api-reversal-create");
        api().get("/reversals/{id}").id("rest-api-reversal-get").tag(TAG).security(SECURITY, "payments.read")
                .description("One reversal")
                .responseMessage().code(200).message("The reversal").responseModel(ReversalView.class)
                        .endResponseMessage()
                .responseMessage().code(404).message("No reversal of this merchant and mode has this id")
                        .endResponseMessage()
                .to("direct:api-reversal-get");

        operation("direct:api-payout-create", true, Scope.PAYOUTS_WRITE, Scope.PAYMENTS_WRITE)
                .process(json.read(PayoutRequest.class))
                .process(e -> {
                    PayoutRequest request = e.getIn().getBody(PayoutRequest.class);
                    ApiCaller caller = ApiCaller.of(e);
                    String msisdn = Msisdn.normalise(request.msisdn())
                            .orElseThrow(() -> ApiException.invalid("msisdn", Msisdn.RULE));
                    e.getIn().setBody(new NewPayout(caller.merchantId(), caller.livemode(), request.amount(),
                            request.currency(), msisdn, PaymentsApiRoutes.blankToNull(request.provider()),
                            request.reference(), PaymentsApiRoutes.blankToNull(request.description())));
                })
                .to(PaymentsEndpoints.PAYOUT_CREATE)
                .process(json.respond(201));

        listOperation("direct:api-payouts-list", Scope.PAYMENTS_READ, paging, PAYOUTS_LIST,
                PaymentsEndpoints.PAYOUT_VIEWS_PAGE)
                .process(json.respond(200));

        operation("direct:api-payout-get", false, Scope.PAYMENTS_READ)
                .process(e -> e.getIn().setBody(PaymentsApiRoutes.owned(e, "payoutId",
                        HttpExchanges.pathId(e, "payout"))))
                .to(PaymentsEndpoints.PAYOUT_VIEW)
                .process(e -> requireFound(e, "payout", e.getIn().getHeader("id")))
                .process(json.respond(200));

        operation("direct:api-reversal-create", true, Scope.REFUNDS_WRITE)
                .process(json.read(ReversalRequest.class))
                .process(e -> {
                    ReversalRequest request = e.getIn().getBody(ReversalRequest.class);
                    ApiCaller caller = ApiCaller.of(e);
                    e.getIn().setBody(new NewReversal(caller.merchantId(), caller.livemode(), request.paymentId(),
                            request.amount(), PaymentsApiRoutes.blankToNull(request.reason())));
                })
                .to(PaymentsEndpoints.REVERSAL_CREATE)
                .process(json.respond(201));

        operation("direct:api-reversal-get", false, Scope.PAYMENTS_READ)
                .process(e -> e.getIn().setBody(PaymentsApiRoutes.owned(e, "reversalId",
                        HttpExchanges.pathId(e, "reversal"))))
                .to(PaymentsEndpoints.REVERSAL_VIEW)
                .process(e -> requireFound(e, "reversal", e.getIn().getHeader("id")))
                .process(json.respond(200));
    }
}
