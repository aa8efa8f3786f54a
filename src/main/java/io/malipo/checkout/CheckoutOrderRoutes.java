package io.malipo.checkout;

import io.malipo.common.ApiException;
import io.malipo.common.RouteIds;
import io.malipo.common.SqlParameters;
import io.malipo.common.SqlRecords;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.apache.camel.model.RouteDefinition;
import org.springframework.stereotype.Component;

/**
 * Orders read and cancelled by the merchant outside the checkout API: the endpoints of
 * {@link CheckoutEndpoints} the dashboard calls, and the cancel that cancel-order shares with
 * them. Orders past their expiry are cancelled (EXPIRED) before they are read or acted on, as
 * the API does, so no page shows an expired order as still payable.
 */
@Component
public class CheckoutOrderRoutes extends RouteBuilder {

    /**
     * Cancels an order (CANCELLED, by its merchant). Body in: {@link OrderKeys}. Body out: true
     * when this cancelled it, false when its merchant had already; refusals as for
     * {@link CheckoutEndpoints#CANCEL_ORDER}.
     */
    static final String CANCEL_BY_ORDER_ID = "direct:checkout-order-cancel-by-order-id";
    private static final String SQL = "sql:classpath:sql/checkout/";
    /** Exchange property: the {@link OrderKeys} of the order acted on, which a refusal names. */
    static final String ORDER_KEYS = "malipoOrderKeys";
    private static final String NAMED = "malipoMerchantOrder";

    private final Orders orders;

    public CheckoutOrderRoutes(Orders orders) {
        this.orders = orders;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        readAfterExpiry(CheckoutEndpoints.ORDERS_PAGE)
                .to(SQL + "select-orders-page.sql?outputClass=io.malipo.checkout.ListedOrder");

        readAfterExpiry(CheckoutEndpoints.ORDER_DETAILS)
                .to(SQL + "select-order-details.sql?outputType=SelectOne&outputClass=io.malipo.checkout.OrderDetails");

        from(CheckoutEndpoints.CANCEL_ORDER).routeId("checkout-order-cancel")
                .setProperty(NAMED, body())
                .to(CheckoutEndpoints.ORDER_DETAILS)
                .process(e -> {
                    OrderDetails order = e.getIn().getBody(OrderDetails.class);
                    if (order == null) {
                        throw ApiException.notFound("There is no such order.");
                    }
                    MerchantOrder named = e.getProperty(NAMED, MerchantOrder.class);
                    e.getIn().setBody(new OrderKeys(named.merchantId(), named.livemode(), order.orderId(),
                            orders.now()));
                })
                .to(CANCEL_BY_ORDER_ID);

        // Only a PENDING order whose time is not up is cancelled; the order as it is then explains a refusal.
        from(CANCEL_BY_ORDER_ID).routeId("checkout-order-cancel-by-order-id")
                .setProperty(ORDER_KEYS, body())
                .to(SQL + "update-order-expired.sql")
                .to(SQL + "update-order-cancelled.sql")
                .choice()
                    .when(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                        .setBody(constant(true))
                    .otherwise()
                        .setBody(exchangeProperty(ORDER_KEYS))
                        .to(SQL + "select-order.sql?outputType=SelectOne&outputClass=io.malipo.checkout.StoredOrder")
                        .process(this::explainRefusedCancel)
                .end();
    }

    /**
     * A read of the merchant's orders in one mode (the body, a record with merchantId and
     * livemode) that first cancels those past their expiry, as list-orders does.
     */
    private RouteDefinition readAfterExpiry(String endpoint) {
        return from(endpoint).routeId(RouteIds.of(endpoint))
                .process(this::stampNow)
                .to(SQL + "update-merchant-orders-expired.sql");
    }

    /** The order select-order.sql read into the body; a 404 naming the order_id asked for when there is none. */
    static StoredOrder found(Exchange exchange) {
        StoredOrder order = exchange.getIn().getBody(StoredOrder.class);
        if (order == null) {
            throw ApiException.notFound("There is no order with order_id "
                    + exchange.getProperty(ORDER_KEYS, OrderKeys.class).orderId() + ".");
        }
        return order;
    }

    /** The query with the time now, by which orders past their expiry count as expired. */
    private void stampNow(Exchange exchange) {
        Map<String, Object> parameters = SqlRecords.parameters(exchange.getIn().getBody(SqlParameters.class));
        parameters.put("now", orders.now());
        exchange.getIn().setBody(parameters);
    }

    /** Body out false for an order its merchant had cancelled already; otherwise why it cannot be cancelled. */
    private void explainRefusedCancel(Exchange exchange) {
        StoredOrder order = found(exchange);
        if (order.expired()) {
            throw new ApiException(410, "order_expired", "The order expired at "
                    + orders.creationDate(order.expiresAt().toInstant()) + " and cannot be cancelled.");
        }
        OrderStatus status = order.paymentStatus();
        switch (status) {
            case CANCELLED -> exchange.getIn().setBody(false);
            case COMPLETED -> throw ApiException.badRequest("order_completed",
                    "The order is paid (COMPLETED) and cannot be cancelled; reverse the payment instead.");
            case INPROGRESS -> throw ApiException.badRequest("payment_in_progress",
                    "A payment of this order is in progress; it cannot be cancelled until that payment ends.");
            case PENDING, USERCANCELLED, REJECTED -> throw ApiException.badRequest("order_closed",
                    "The order is " + status + " and cannot be cancelled.");
        }
    }
}
