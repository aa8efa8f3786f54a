package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.channels.PaymentResult;
import io.malipo.channels.PaymentProperties;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.NewDelivery;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.sql.SqlConstants;
import org.springframework.stereotype.Component;

/**
 * The order's side of settling a payment, inside the settlement's transaction: the order
 * follows its payment (COMPLETED, or back to PENDING for another try, or REJECTED after the
 * last), and a completed order with a webhook gets its callback into the outbox. A failed
 * payment by payment token (channel MANUAL) never claimed the order, so it leaves it alone.
 */
@Component
public class OrderSettlementRoutes extends RouteBuilder {

    /**
     * Properties in: malipoOrderUuid, malipoPaymentId, malipoOutcome, malipoUncounted, malipoAmount,
     * malipoCurrency. Property out: malipoOrphaned, when a success could not complete the order.
     * Called by {@link OrderPayments} for settlement.
     */
    static final String PAYMENT_OUTCOME = "direct:order-payment-outcome";
    private static final String SQL = "sql:classpath:sql/checkout/";

    private final Orders orders;
    private final CheckoutProperties properties;
    private final ObjectMapper mapper;

    public OrderSettlementRoutes(Orders orders, CheckoutProperties properties, ObjectMapper mapper) {
        this.orders = orders;
        this.properties = properties;
        this.mapper = mapper;
    }

    @Override
    public void configure() {
        errorHandler(noErrorHandler());

        from(PAYMENT_OUTCOME).routeId("order-payment-outcome")
                .choice()
                    .when(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(PaymentResult.SUCCEEDED))
                        .to("direct:order-payment-succeeded")
                    .otherwise()
                        .to("direct:order-payment-failed")
                .end();

        from("direct:order-payment-succeeded").routeId("order-payment-succeeded")
                .setBody(this::completion)
                .to(SQL + "update-order-completed.sql")
                .choice()
                    .when(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                        // A card the buyer asked the page to save is offered from now on.
                        .setBody(e -> Map.of("paymentId", e.getProperty(PaymentProperties.PAYMENT_ID), "now", orders.now()))
                        .to(SQL + "update-stored-card-confirmed.sql")
                        .to("direct:order-callback-enqueue")
                    .otherwise()
                        .setProperty(PaymentProperties.ORPHANED, constant(true))
                .end();

        from("direct:order-callback-enqueue").routeId("order-callback-enqueue")
                .setBody(e -> Map.of("orderUuid", e.getProperty(PaymentProperties.ORDER_UUID)))
                .to(SQL + "select-order-callback.sql?outputType=SelectOne&outputClass=io.malipo.checkout.CompletedOrder")
                .filter(e -> {
                    CompletedOrder order = e.getIn().getBody(CompletedOrder.class);
                    return order != null && order.webhookUrl() != null;
                })
                    .process(e -> e.getIn().setBody(callback(e)))
                    .to(DeliveryEndpoints.ENQUEUE)
                .end();

        from("direct:order-payment-failed").routeId("order-payment-failed")
                .setBody(this::failure)
                .to(SQL + "update-order-attempt-failed.sql");
    }

    private Map<String, Object> completion(Exchange exchange) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("orderUuid", exchange.getProperty(PaymentProperties.ORDER_UUID));
        params.put("paymentId", exchange.getProperty(PaymentProperties.PAYMENT_ID));
        params.put("amount", exchange.getProperty(PaymentProperties.AMOUNT));
        params.put("currency", exchange.getProperty(PaymentProperties.CURRENCY));
        params.put("now", orders.now());
        return params;
    }

    private Map<String, Object> failure(Exchange exchange) {
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("orderUuid", exchange.getProperty(PaymentProperties.ORDER_UUID));
        params.put("paymentId", exchange.getProperty(PaymentProperties.PAYMENT_ID));
        params.put("uncounted", Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.UNCOUNTED, Boolean.class))
                ? 1 : 0);
        params.put("maxAttempts", properties.maxAttempts());
        params.put("now", orders.now());
        return params;
    }

    /**
     * The checkout callback: every value a string, in the order clients document it. Its
     * signature covers transid, order_id, reference, result, resultcode and payment_status.
     */
    private NewDelivery callback(Exchange exchange) throws JsonProcessingException {
        CompletedOrder order = exchange.getIn().getBody(CompletedOrder.class);
        String payer = order.msisdn() == null ? order.buyerPhone() : order.msisdn();
        Map<String, String> body = new LinkedHashMap<>();
        body.put("transid", order.transid());
        body.put("order_id", order.orderId());
        body.put("reference", order.reference());
        body.put("result", "SUCCESS");
        body.put("resultcode", "000");
        body.put("payment_status", OrderStatus.COMPLETED.name());
        body.put("channel", Orders.channelName(order.provider()));
        body.put("amount", Orders.amountText(order.amount()));
        body.put("phone", payer);
        body.put("msisdn", payer);
        body.put("currency", order.currency());
        return NewDelivery.checkoutCallback(order.merchantId(), order.livemode(), order.credentialId(),
                order.webhookUrl(), mapper.writeValueAsString(body), order.paymentId(), orders.now());
    }
}
