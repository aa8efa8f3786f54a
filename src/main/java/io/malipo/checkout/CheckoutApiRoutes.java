package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.malipo.common.SqlRecords;
import io.malipo.merchant.CheckoutCredential;
import io.malipo.merchant.MerchantEndpoints;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.apache.camel.model.RouteDefinition;
import org.apache.camel.model.rest.RestDefinition;
import org.apache.camel.model.rest.RestParamType;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Component;

/**
 * The checkout API (/v1/checkout). Each REST verb forwards to a {@code direct:checkout-*} route
 * that authenticates the request (digest, signing rules, replay), reads its fields and acts;
 * every answer, errors included, is the checkout envelope.
 */
@Component
public class CheckoutApiRoutes extends CheckoutRouteBuilder {

    private final CheckoutAuth auth;
    private final ReplayGuard replays;
    private final OrderRequests orderRequests;
    private final Orders orders;
    private final Envelope envelope;
    private final CheckoutProperties properties;

    public CheckoutApiRoutes(CheckoutAuth auth, ReplayGuard replays, OrderRequests orderRequests, Orders orders,
            Envelope envelope, CheckoutProperties properties) {
        super(replays);
        this.auth = auth;
        this.replays = replays;
        this.orderRequests = orderRequests;
        this.orders = orders;
        this.envelope = envelope;
        this.properties = properties;
    }

    @Override
    public void configure() {
        RestDefinition checkout = rest("/v1/checkout").description("Checkout API: orders, wallet and card payments, "
                + "stored cards. Every request is signed: see Authorization, Digest-Method, Digest, Timestamp and "
                + "Signed-Fields.");

        signed(checkout.post("/create-order").id("rest-checkout-create-order").tag(TAG)
                .description("Create an order the buyer pays on the payment page, by wallet push, by card token or "
                        + "with its payment token. Card methods need the billing address.")
                .responseMessage().code(200).message("Envelope; data[0] holds order_id, payment_token, qr, "
                        + "payment_gateway_url (Base64) and, on a buyer's first order, gateway_buyer_uuid")
                .endResponseMessage())
                .to("direct:checkout-create-order");
        signed(checkout.post("/create-order-minimal").id("rest-checkout-create-order-minimal").tag(TAG)
                .description("Create an order for wallet push and manual (payment token or QR) payments only")
                .responseMessage().code(200).message("Envelope; data[0] as for create-order").endResponseMessage())
                .to("direct:checkout-create-order-minimal");
        signed(checkout.get("/order-status").id("rest-checkout-order-status").tag(TAG)
                .description("An order's status; transid, channel, reference and msisdn once COMPLETED")
                .param().name("order_id").type(RestParamType.query).required(true).endParam()
                .responseMessage().code(200).message("Envelope; data[0] is the order").endResponseMessage()
                .responseMessage().code(404).message("No such order").endResponseMessage())
                .to("direct:checkout-order-status");
        signed(checkout.post("/order-status").id("rest-checkout-order-status-post").tag(TAG)
                .description("The same as GET order-status, for clients that send a JSON body"))
                .to("direct:checkout-order-status-post");
        signed(checkout.get("/list-orders").id("rest-checkout-list-orders").tag(TAG)
                .description("Orders created from fromdate to todate inclusive (YYYY-MM-DD, in Malipo's zone)")
                .param().name("fromdate").type(RestParamType.query).required(true).endParam()
                .param().name("todate").type(RestParamType.query).required(true).endParam()
                .responseMessage().code(200).message("Envelope; one data item per order").endResponseMessage())
                .to("direct:checkout-list-orders");
        signed(checkout.delete("/cancel-order").id("rest-checkout-cancel-order").tag(TAG)
                .description("Cancel an order that is still PENDING")
                .param().name("order_id").type(RestParamType.query).required(true).endParam()
                .responseMessage().code(200).message("Cancelled").endResponseMessage()
                .responseMessage().code(400).message("The order is completed or being paid").endResponseMessage()
                .responseMessage().code(410).message("The order has expired").endResponseMessage())
                .to("direct:checkout-cancel-order");

        verified(from("direct:checkout-authenticate").routeId("checkout-authenticate"))
                .process(replays::claim);
        verified(from("direct:checkout-verify").routeId("checkout-verify"));

        operationClaimingItself("direct:checkout-create-order", CheckoutOperation.CREATE_ORDER)
                .process(e -> createOrder(e, false));

        operationClaimingItself("direct:checkout-create-order-minimal", CheckoutOperation.CREATE_ORDER_MINIMAL)
                .process(e -> createOrder(e, true));

        operation("direct:checkout-order-status", CheckoutOperation.ORDER_STATUS)
                .process(this::orderKeys)
                .to(SQL + "update-order-expired.sql")
                .to(SQL + "select-order.sql?outputType=SelectOne&outputClass=io.malipo.checkout.StoredOrder")
                .process(e -> envelope.success(e, "Order fetched successfully",
                        List.of(orders.statusItem(CheckoutOrderRoutes.found(e)))));

        // Some clients POST what the interface GETs; it is the same operation.
        from("direct:checkout-order-status-post").routeId("checkout-order-status-post")
                .to("direct:checkout-order-status");

        from(CheckoutEndpoints.BUYER_CANCEL).routeId("checkout-order-buyer-cancel")
                .to(SQL + "update-order-user-cancelled.sql");

        operation("direct:checkout-cancel-order", CheckoutOperation.CANCEL_ORDER)
                .process(this::orderKeys)
                .to(CheckoutOrderRoutes.CANCEL_BY_ORDER_ID)
                .process(e -> envelope.success(e, e.getIn().getBody(Boolean.class) ? "Order cancelled successfully"
                        : "Order was already cancelled", List.of()));

        operation("direct:checkout-list-orders", CheckoutOperation.LIST_ORDERS)
                .process(this::listRange)
                .to(SQL + "update-merchant-orders-expired.sql")
                .to(SQL + "select-orders-created-between.sql?outputClass=io.malipo.checkout.ListedOrder")
                .process(this::listAnswer);
    }

    /** The request's signature and credential checked, and its merchant known. */
    private RouteDefinition verified(RouteDefinition route) {
        return route.errorHandler(noErrorHandler())
                .process(auth::identify)
                .to(MerchantEndpoints.CREDENTIAL_FIND)
                .process(auth::verify);
    }

    /**
     * Creates the order and answers it. On PostgreSQL a new request is one statement: its
     * signature's binding, its claim against replays, the order and the answer kept for replays
     * (after the buyer's statements, in one transaction, when it has a buyer). Anything else (an
     * invalid order, a request seen before, an order_id taken, H2) is claimed first as every
     * operation is, and goes the way it always went.
     */
    private void createOrder(Exchange exchange, boolean minimal) {
        Optional<ReplayGuard.Unclaimed> unclaimed = replays.claimLater(exchange);
        if (exchange.isRouteStop()) {
            return;
        }
        NewOrder order;
        Optional<Orders.Created> created = Optional.empty();
        try {
            order = orderRequests.read(params(exchange), credential(exchange), minimal);
            if (unclaimed.isPresent()) {
                created = orders.createClaimed(credential(exchange), order, unclaimed.get(), data -> {
                    answerCreated(exchange, data);
                    return Optional.of(replays.sealed(exchange, unclaimed.get()));
                });
            }
        } catch (DataAccessException databaseAway) {
            // Claiming would wait for the database a second time.
            throw databaseAway;
        } catch (RuntimeException refused) {
            // Refused as before (an invalid field, a gateway_buyer_uuid that is not this
            // merchant's buyer): after the claim, so a replay still gets its first answer and
            // this refusal is kept for the replays of this one.
            if (unclaimed.isPresent() && !claimed(exchange, unclaimed.get())) {
                return;
            }
            throw refused;
        }
        if (unclaimed.isPresent()) {
            if (created.isPresent()) {
                answer(exchange, created.get());
                return;
            }
            if (!claimed(exchange, unclaimed.get())) {
                return;
            }
        }
        answer(exchange, orders.create(credential(exchange), order, data -> {
            answerCreated(exchange, data);
            return replays.toKeep(exchange);
        }));
    }

    /** Claims the request now; false when it was answered from its first answer instead. */
    private boolean claimed(Exchange exchange, ReplayGuard.Unclaimed request) {
        replays.claim(exchange, request);
        return !exchange.isRouteStop();
    }

    private void answer(Exchange exchange, Orders.Created created) {
        if (created.answerKept()) {
            replays.kept(exchange);
        } else {
            answerCreated(exchange, created.data());
        }
    }

    private void answerCreated(Exchange exchange, Map<String, Object> data) {
        try {
            envelope.success(exchange, "Order creation successful", List.of(data));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a create-order answer", e);
        }
    }

    private void orderKeys(Exchange exchange) {
        FieldReader fields = new FieldReader(params(exchange));
        Optional<String> orderId = fields.requiredText("order_id", 64);
        fields.throwIfInvalid();
        OrderKeys keys = OrderKeys.of(credential(exchange), orderId.orElseThrow(), orders.now());
        exchange.setProperty(CheckoutOrderRoutes.ORDER_KEYS, keys);
        exchange.getIn().setBody(keys);
    }

    private void listRange(Exchange exchange) {
        FieldReader fields = new FieldReader(params(exchange));
        Optional<LocalDate> from = date(fields, "fromdate", "fromDate", "from_date");
        Optional<LocalDate> to = date(fields, "todate", "toDate", "to_date");
        if (from.isPresent() && to.isPresent()) {
            if (to.get().isBefore(from.get())) {
                fields.error("todate", "must not be before fromdate");
            } else if (ChronoUnit.DAYS.between(from.get(), to.get()) >= properties.listMaxDays()) {
                fields.error("todate", "must be less than " + properties.listMaxDays() + " days after fromdate");
            }
        }
        fields.throwIfInvalid();
        CheckoutCredential merchant = credential(exchange);
        Map<String, Object> query = SqlRecords.parameters(OrderKeys.of(merchant, null, orders.now()));
        query.put("from", from.orElseThrow().atStartOfDay(properties.zone()).toOffsetDateTime());
        query.put("to", to.orElseThrow().plusDays(1).atStartOfDay(properties.zone()).toOffsetDateTime());
        query.put("limit", properties.listMaxOrders() + 1);
        exchange.getIn().setBody(query);
    }

    private void listAnswer(Exchange exchange) throws Exception {
        @SuppressWarnings("unchecked")
        List<ListedOrder> rows = exchange.getIn().getBody(List.class);
        int max = properties.listMaxOrders();
        List<Map<String, Object>> items = rows.stream().limit(max).map(orders::listItem).toList();
        envelope.success(exchange, rows.size() > max
                ? "The first " + max + " orders of the period; ask for a shorter period to see the rest"
                : items.size() + " order" + (items.size() == 1 ? "" : "s"), items);
    }

    private static Optional<LocalDate> date(FieldReader fields, String name, String... aliases) {
        Optional<String> text = fields.requiredText(name, 10, aliases);
        try {
            return text.map(LocalDate::parse);
        } catch (DateTimeParseException e) {
            return fields.error(name, "must be a date written YYYY-MM-DD");
        }
    }
}
