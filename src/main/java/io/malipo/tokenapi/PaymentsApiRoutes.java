package io.malipo.tokenapi;

import io.malipo.channels.Channel;
import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import io.malipo.common.HttpExchanges;
import io.malipo.common.JsonBodies;
import io.malipo.common.Msisdn;
import io.malipo.ledger.Balances;
import io.malipo.ledger.LedgerEndpoints;
import io.malipo.merchant.Scope;
import io.malipo.payments.FeeQuote;
import io.malipo.payments.NewPayment;
import io.malipo.payments.PaymentView;
import io.malipo.payments.PaymentsEndpoints;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** Payments, collections, the balance and fee previews of the token API. */
@Component
public class PaymentsApiRoutes extends TokenApiRouteBuilder {

    private static final String TAG = "Payments";
    static final String PAYMENTS_LIST = "payments";

    private final Paging paging;
    private final JsonBodies json;

    public PaymentsApiRoutes(Idempotency idempotency, Paging paging, JsonBodies json) {
        super(idempotency);
        this.paging = paging;
        this.json = json;
    }

    @Override
    public void configure() {
        paged(api().get("/payments").id("rest-api-payments-list").tag(TAG).security(SECURITY, "payments.read")
                .description("The merchant's payments in the token's mode, newest first: collections and checkout "
                        + "payments alike. Page with limit and cursor."))
                .responseMessage().code(200).message("A page of payments").responseModel(PaymentPage.class)
                        .endResponseMessage()
                .to("direct:api-payments-list");
        api().get("/payments/{id}").id("rest-api-payment-get").tag(TAG).security(SECURITY, "payments.read")
                .description("One payment")
                .responseMessage().code(200).message("The payment").responseModel(PaymentView.class).endResponseMessage()
                .responseMessage().code(404).message("No payment of this merchant and mode has this id")
                        .endResponseMessage()
                .to("direct:api-payment-get");
        idempotent(api().post("/collections").id("rest-api-collection-create").tag(TAG)
                .security(SECURITY, "payments.write")
                .description("Collect money: a USSD push to the payer's wallet (msisdn; the provider is found from "
                        + "the number unless named), or a charge of a buyer's stored card (cardToken and "
                        + "gatewayBuyerUuid). The payment starts PENDING; payment.succeeded or payment.failed follows "
                        + "as a webhook event. reference is yours and unique among your collections.")
                .type(NewCollection.class))
                .responseMessage().code(201).message("The payment, PENDING (or FAILED when refused outright)")
                        .responseModel(PaymentView.class).endResponseMessage()
                .responseMessage().code(400).message("A field breaks a rule, the reference was used, or your provider "
                        + "settings refuse it").endResponseMessage()
                .responseMessage().code(503).message("The provider cannot be reached; nothing was sent")
                        .endResponseMessage()
                .to("direct:api-collection-create");
        api().get("/balance").id("rest-api-balance").tag(TAG).security(SECURITY, "payments.read")
                .description("Available and pending money per currency, in the token's mode")
                .responseMessage().code(200).message("The balances").responseModel(Balances.class).endResponseMessage()
                .to("direct:api-balance");
        api().post("/fees/preview").id("rest-api-fee-preview").tag(TAG).security(SECURITY, "payments.read")
                .description("The fee of a collection or payout before making it, by the same rules Malipo charges "
                        + "with. Name the provider, or give the msisdn (or channel CARD).")
                .type(FeePreviewRequest.class)
                .responseMessage().code(200).message("amount, fee, net (and total for payouts)")
                        .responseModel(FeePreview.class).endResponseMessage()
                .to("direct:api-fee-preview");

        listOperation("direct:api-payments-list", Scope.PAYMENTS_READ, paging, PAYMENTS_LIST,
                PaymentsEndpoints.VIEWS_PAGE)
                .process(json.respond(200));

        operation("direct:api-payment-get", false, Scope.PAYMENTS_READ)
                .process(e -> e.getIn().setBody(owned(e, "paymentId", HttpExchanges.pathId(e, "payment"))))
                .to(PaymentsEndpoints.VIEW)
                .process(e -> requireFound(e, "payment", e.getIn().getHeader("id")))
                .process(json.respond(200));

        operation("direct:api-collection-create", true, Scope.PAYMENTS_WRITE)
                .process(json.read(NewCollection.class))
                .process(this::collectionCard)
                .choice()
                    .when(exchangeProperty("malipoCardQuery").isNotNull())
                        .setBody(exchangeProperty("malipoCardQuery"))
                        .to(PaymentsEndpoints.STORED_CARD_FIND)
                        .process(e -> {
                            if (e.getIn().getBody() == null) {
                                throw ApiException.invalid("cardToken", "no stored card of this buyer has this token");
                            }
                        })
                .end()
                .setBody(exchangeProperty("malipoNewPayment"))
                .to(PaymentsEndpoints.COLLECT)
                .process(json.respond(201));

        operation("direct:api-balance", false, Scope.PAYMENTS_READ)
                .process(e -> e.getIn().setBody(owned(e, null, null)))
                .to(LedgerEndpoints.BALANCES)
                .process(json.respond(200));

        operation("direct:api-fee-preview", false, Scope.PAYMENTS_READ)
                .process(json.read(FeePreviewRequest.class))
                .process(PaymentsApiRoutes::feeQuery)
                .to(PaymentsEndpoints.FEE_QUOTE)
                .process(e -> json.respond(e, 200, preview(e.getIn().getBody(FeeQuote.class))));
    }

    /** The caller's merchant and mode, and optionally one id: what every lookup is scoped by. */
    static Map<String, Object> owned(Exchange exchange, String idName, Object id) {
        ApiCaller caller = ApiCaller.of(exchange);
        Map<String, Object> query = new HashMap<>();
        query.put("merchantId", caller.merchantId());
        query.put("livemode", caller.livemode());
        if (idName != null) {
            query.put(idName, id);
        }
        return query;
    }

    /** Checks a collection's payer and leaves the NewPayment (and, for a card, the card to find). */
    private void collectionCard(Exchange exchange) {
        NewCollection request = exchange.getIn().getBody(NewCollection.class);
        ApiCaller caller = ApiCaller.of(exchange);
        List<FieldError> errors = new ArrayList<>();
        String msisdn = null;
        if ((request.msisdn() == null) == (request.cardToken() == null)) {
            errors.add(new FieldError("msisdn", "give either msisdn (a wallet push) or cardToken (a stored card)"));
        } else if (request.msisdn() != null) {
            msisdn = Msisdn.normalise(request.msisdn()).orElse(null);
            if (msisdn == null) {
                errors.add(new FieldError("msisdn", Msisdn.RULE));
            }
        } else if (request.gatewayBuyerUuid() == null) {
            errors.add(new FieldError("gatewayBuyerUuid", "is needed with cardToken: the buyer the card is stored for"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        Channel channel = request.cardToken() != null ? Channel.CARD : Channel.WALLET_PULL;
        exchange.setProperty("malipoNewPayment", new NewPayment(caller.merchantId(), caller.livemode(), null, channel,
                channel == Channel.CARD ? null : blankToNull(request.provider()), msisdn, request.cardToken(), null,
                request.amount(), request.currency(), request.reference(), blankToNull(request.description())));
        if (channel == Channel.CARD) {
            Map<String, Object> card = owned(exchange, "cardToken", request.cardToken());
            card.put("buyerId", request.gatewayBuyerUuid());
            exchange.setProperty("malipoCardQuery", card);
        }
    }

    private static void feeQuery(Exchange exchange) {
        FeePreviewRequest request = exchange.getIn().getBody(FeePreviewRequest.class);
        Map<String, Object> query = new HashMap<>();
        query.put("kind", request.type().toUpperCase());
        query.put("amount", request.amount());
        query.put("currency", request.currency());
        query.put("provider", blankToNull(request.provider()));
        query.put("channel", request.channel());
        if (request.msisdn() != null) {
            query.put("msisdn", Msisdn.normalise(request.msisdn())
                    .orElseThrow(() -> ApiException.invalid("msisdn", Msisdn.RULE)));
        }
        exchange.getIn().setBody(query);
    }

    private static FeePreview preview(FeeQuote quote) {
        boolean payout = "PAYOUT".equals(quote.kind());
        return new FeePreview(quote.amount(), quote.fee(),
                payout ? quote.amount() : quote.amount().subtract(quote.fee()),
                payout ? quote.amount().add(quote.fee()) : null, quote.currency(), quote.provider(), quote.channel());
    }

    static String blankToNull(String text) {
        return Optional.ofNullable(text).map(String::strip).filter(s -> !s.isEmpty()).orElse(null);
    }
}
