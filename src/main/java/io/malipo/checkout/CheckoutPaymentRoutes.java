package io.malipo.checkout;

import io.malipo.channels.Channel;
import io.malipo.channels.PushAnswer;
import io.malipo.channels.PaymentProperties;
import io.malipo.common.ApiException;
import io.malipo.common.Msisdn;
import io.malipo.common.Rows;
import io.malipo.common.Transactions;
import io.malipo.merchant.CheckoutCredential;
import io.malipo.payments.NewPayment;
import io.malipo.payments.PaymentPlan;
import io.malipo.payments.PaymentStatus;
import io.malipo.payments.PaymentsEndpoints;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/**
 * Paying an order without the payment page: wallet-payment pushes a USSD prompt to the
 * payer's phone, card-payment charges a stored card. Both answer 111 PENDING once the provider
 * has the request: the outcome follows by callback and order-status.
 */
@Component
public class CheckoutPaymentRoutes extends CheckoutRouteBuilder {

    static final String REQUEST = "malipoOrderPayment";
    static final String ORDER = "malipoPaymentOrder";
    static final String PLAN = "malipoPaymentPlan";
    static final String CLAIMED = "malipoClaimed";
    private static final String IN_PROGRESS = "Request in progress. You will receive a callback shortly.";

    private final Orders orders;
    private final Envelope envelope;
    private final CheckoutProperties properties;
    private final Transactions transactions;

    public CheckoutPaymentRoutes(ReplayGuard replays, Orders orders, Envelope envelope, CheckoutProperties properties,
            Transactions transactions) {
        super(replays);
        this.transactions = transactions;
        this.orders = orders;
        this.envelope = envelope;
        this.properties = properties;
    }

    @Override
    public void configure() {
        signed(rest("/v1/checkout").post("/wallet-payment").id("rest-checkout-wallet-payment").tag(TAG)
                .description("Push a USSD prompt to the payer's phone to pay an order from their mobile wallet. "
                        + "Idempotent on (order_id, transid).")
                .responseMessage().code(200).message("resultcode 111, PENDING: the payer is being asked").endResponseMessage()
                .responseMessage().code(410).message("The order has expired").endResponseMessage()
                .responseMessage().code(503).message("The provider is unavailable; nothing was sent").endResponseMessage())
                .to("direct:checkout-wallet-payment");
        signed(rest("/v1/checkout").post("/card-payment").id("rest-checkout-card-payment").tag(TAG)
                .description("Charge a buyer's stored card for an order. JSON body, every field required: transid, "
                        + "vendor (your own), order_id, card_token (from stored-cards), buyer_userid (empty for a "
                        + "guest) and gateway_buyer_uuid. Idempotent on (order_id, transid).")
                .responseMessage().code(200).message("resultcode 111, PENDING: the charge is on its way").endResponseMessage()
                .responseMessage().code(400).message("A field is missing or malformed, or the order cannot be paid")
                .endResponseMessage()
                .responseMessage().code(403).message("vendor is not the one these credentials belong to")
                .endResponseMessage()
                .responseMessage().code(404).message("No such order or stored card").endResponseMessage())
                .to("direct:checkout-card-payment");

        operation("direct:checkout-wallet-payment", CheckoutOperation.WALLET_PAYMENT)
                .process(this::readWalletPayment)
                .setBody(exchangeProperty(REQUEST))
                .to(CheckoutEndpoints.PAY_ORDER)
                .process(this::answerPush);

        operation("direct:checkout-card-payment", CheckoutOperation.CARD_PAYMENT)
                .process(this::readCardPayment)
                .to(PaymentsEndpoints.STORED_CARD_FIND)
                .process(this::requireCard)
                .setBody(exchangeProperty(REQUEST))
                .to(CheckoutEndpoints.PAY_ORDER)
                .process(this::answerPush);

        // Shared by both and by the payment page: the order may be paid, the transid is new, a
        // provider can take it.
        from(CheckoutEndpoints.PAY_ORDER).routeId("checkout-order-pay").errorHandler(noErrorHandler())
                .setProperty(REQUEST, body())
                .process(this::orderKeys)
                .to(SQL + "update-order-expired.sql")
                .to(SQL + "select-order.sql?outputType=SelectOne&outputClass=io.malipo.checkout.StoredOrder")
                .process(this::requireOrder)
                .setBody(this::orderAndTransid)
                .to(PaymentsEndpoints.FIND_BY_ORDER_TRANSID)
                .choice()
                    .when(body().isNotNull())
                        .process(this::repeated)
                    .otherwise()
                        .to("direct:checkout-payment-new")
                .end();

        from("direct:checkout-payment-new").routeId("checkout-payment-new").errorHandler(noErrorHandler())
                .process(this::requirePayable)
                .setBody(this::newPayment)
                .to(PaymentsEndpoints.PLAN)
                .setProperty(PLAN, body())
                .process(transactions.in("direct:checkout-payment-claim"))
                .choice()
                    .when(exchangeProperty(CLAIMED).isEqualTo(true))
                        .process(e -> e.setProperty(PaymentProperties.PAYMENT_ID,
                                e.getProperty(PLAN, PaymentPlan.class).paymentId()))
                        .to(PaymentsEndpoints.SEND)
                    .otherwise()
                        .setBody(this::orderAndTransid)
                        .to(PaymentsEndpoints.FIND_BY_ORDER_TRANSID)
                        .process(this::explainUnclaimed)
                .end();

        // One transaction: the order's attempt is claimed exactly when its payment is stored.
        from("direct:checkout-payment-claim").routeId("checkout-payment-claim").errorHandler(noErrorHandler())
                .setBody(e -> claim(e))
                .to(SQL + "update-order-attempt-started.sql")
                .choice()
                    .when(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                        .setProperty(CLAIMED, constant(true))
                        .setBody(exchangeProperty(PLAN))
                        .to(PaymentsEndpoints.CREATE)
                    .otherwise()
                        .setProperty(CLAIMED, constant(false))
                .end();
    }

    private void readWalletPayment(Exchange exchange) {
        FieldReader fields = new FieldReader(params(exchange));
        Optional<String> orderId = fields.requiredText("order_id", 64);
        Optional<String> transid = fields.requiredText("transid", 64, "transId");
        Optional<String> msisdn = fields.requiredText("msisdn", 16)
                .flatMap(m -> Msisdn.normalise(m).or(() -> fields.error("msisdn", Msisdn.RULE)));
        fields.throwIfInvalid();
        CheckoutCredential merchant = credential(exchange);
        exchange.setProperty(REQUEST, new OrderPayment(merchant.merchantId(), merchant.livemode(),
                orderId.orElseThrow(), transid.orElseThrow(), Channel.WALLET_PULL, msisdn.orElseThrow(), null, null,
                null));
    }

    private void readCardPayment(Exchange exchange) {
        FieldReader fields = new FieldReader(params(exchange));
        Optional<String> orderId = fields.requiredText("order_id", 64);
        Optional<String> transid = fields.requiredText("transid", 64, "transId", "transaction_id");
        // CheckoutAuth has refused a vendor other than the credential's own; here it must be sent.
        fields.requiredText("vendor", 64);
        Optional<String> card = fields.requiredText("card_token", 64);
        Optional<UUID> buyer = fields.requiredText("gateway_buyer_uuid", 36).flatMap(u -> uuid(fields, u));
        Optional<String> userid = fields.requiredTextOrEmpty("buyer_userid", 100, "a guest");
        fields.throwIfInvalid();
        CheckoutCredential merchant = credential(exchange);
        exchange.setProperty(REQUEST, new OrderPayment(merchant.merchantId(), merchant.livemode(),
                orderId.orElseThrow(), transid.orElseThrow(), Channel.CARD, null, card.orElseThrow(),
                buyer.orElseThrow(), userid.orElse(null)));
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("cardToken", card.get());
        query.put("buyerId", buyer.get());
        query.put("merchantId", merchant.merchantId());
        query.put("livemode", merchant.livemode());
        exchange.getIn().setBody(query);
    }

    @SuppressWarnings("unchecked")
    private void requireCard(Exchange exchange) {
        Map<String, Object> card = exchange.getIn().getBody(Map.class);
        OrderPayment request = exchange.getProperty(REQUEST, OrderPayment.class);
        if (card == null || (request.buyerUserid() != null
                && !request.buyerUserid().equals(Rows.string(card, "buyer_userid")))) {
            throw ApiException.notFound("The buyer has no stored card with this card_token.");
        }
    }

    private void orderKeys(Exchange exchange) {
        OrderPayment request = exchange.getProperty(REQUEST, OrderPayment.class);
        exchange.getIn().setBody(new OrderKeys(request.merchantId(), request.livemode(), request.orderId(),
                orders.now()));
    }

    private void requireOrder(Exchange exchange) {
        StoredOrder order = exchange.getIn().getBody(StoredOrder.class);
        if (order == null) {
            throw ApiException.notFound("There is no order with order_id "
                    + exchange.getProperty(REQUEST, OrderPayment.class).orderId() + ".");
        }
        exchange.setProperty(ORDER, order);
    }

    private Map<String, Object> orderAndTransid(Exchange exchange) {
        StoredOrder order = exchange.getProperty(ORDER, StoredOrder.class);
        return Map.of("orderUuid", order.id(),
                "transid", exchange.getProperty(REQUEST, OrderPayment.class).transid());
    }

    /** The same transid again: the first request's answer (in progress), never a second push. */
    @SuppressWarnings("unchecked")
    private void repeated(Exchange exchange) {
        Map<String, Object> payment = exchange.getIn().getBody(Map.class);
        if (PaymentStatus.valueOf(Rows.string(payment, "status")) == PaymentStatus.FAILED) {
            throw ApiException.badRequest("transid_used", "The payment with this transid failed; send a new transid "
                    + "to try again.");
        }
        exchange.setProperty(PaymentProperties.OUTCOME, PushAnswer.PENDING);
    }

    private void requirePayable(Exchange exchange) {
        StoredOrder order = exchange.getProperty(ORDER, StoredOrder.class);
        OrderPayment request = exchange.getProperty(REQUEST, OrderPayment.class);
        refuseUnpayable(order);
        if (request.channel() == Channel.CARD && !order.acceptsCards()) {
            throw ApiException.badRequest("card_not_accepted", "This order does not accept cards (payment_methods "
                    + order.paymentMethods() + ").");
        }
    }

    /** 410 for an expired order, 400 for one that is paid, being paid or closed. */
    private void refuseUnpayable(StoredOrder order) {
        OrderStatus status = order.paymentStatus();
        if (order.expired()) {
            throw new ApiException(410, "order_expired", "The order expired at "
                    + orders.creationDate(order.expiresAt().toInstant()) + " and can no longer be paid.");
        }
        switch (status) {
            case PENDING -> {
            }
            case INPROGRESS -> throw ApiException.badRequest("payment_in_progress",
                    "Another payment of this order is in progress; wait for its outcome.");
            case COMPLETED -> throw ApiException.badRequest("order_completed", "The order is already paid.");
            case REJECTED -> throw ApiException.badRequest("order_rejected", "The order's payment attempts are "
                    + "used up (" + properties.maxAttempts() + "); create a new order.");
            case CANCELLED, USERCANCELLED -> throw ApiException.badRequest("order_cancelled", "The order is "
                    + status + " and can no longer be paid.");
        }
    }

    private NewPayment newPayment(Exchange exchange) {
        StoredOrder order = exchange.getProperty(ORDER, StoredOrder.class);
        OrderPayment request = exchange.getProperty(REQUEST, OrderPayment.class);
        return new NewPayment(request.merchantId(), request.livemode(), order.id(), request.channel(), null,
                request.msisdn(), request.cardToken(), request.transid(), order.amount(), order.currency(), null, null);
    }

    private Map<String, Object> claim(Exchange exchange) {
        StoredOrder order = exchange.getProperty(ORDER, StoredOrder.class);
        return Map.of("orderUuid", order.id(), "now", orders.now(),
                "maxAttempts", properties.maxAttempts());
    }

    /** Someone else moved the order first: the same transid is a repeat, anything else a refusal. */
    @SuppressWarnings("unchecked")
    private void explainUnclaimed(Exchange exchange) {
        if (exchange.getIn().getBody() != null) {
            repeated(exchange);
            return;
        }
        OrderPayment request = exchange.getProperty(REQUEST, OrderPayment.class);
        StoredOrder order = orders.find(new OrderKeys(request.merchantId(), request.livemode(), request.orderId(),
                orders.now())).orElseThrow();
        refuseUnpayable(order);
        if (order.expiresAt().isBefore(orders.now())) {
            throw new ApiException(410, "order_expired", "The order has expired and can no longer be paid.");
        }
        throw ApiException.badRequest("payment_in_progress", "Another payment of this order is in progress.");
    }

    private void answerPush(Exchange exchange) throws Exception {
        PushAnswer outcome = PushAnswer.of(exchange);
        if (outcome == PushAnswer.UNAVAILABLE) {
            throw new ApiException(503, "provider_unavailable", "The payment provider cannot be reached right now; "
                    + "nothing was sent and the order is unchanged. Try again in a few minutes.")
                    .withHeader("Retry-After", "60");
        }
        if (outcome == PushAnswer.DECLINED) {
            String reason = exchange.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class);
            throw ApiException.badRequest("payment_declined", "The provider refused the payment"
                    + (reason == null ? "." : ": " + reason) + " The order can be paid again.");
        }
        envelope.pending(exchange, IN_PROGRESS);
    }

    private static Optional<UUID> uuid(FieldReader fields, String text) {
        try {
            return Optional.of(UUID.fromString(text));
        } catch (IllegalArgumentException e) {
            return fields.error("gateway_buyer_uuid", "must be the gateway_buyer_uuid an earlier order returned");
        }
    }
}
