package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.channels.Outcome;
import io.malipo.channels.PaymentProperties;
import io.malipo.common.Rows;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.DeliveryKind;
import java.math.BigDecimal;
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
                    .when(exchangeProperty(PaymentProperties.OUTCOME).isEqualTo(Outcome.SUCCEEDED))
                        .to("direct:order-payment-succeeded")
                    .otherwise()
                        .to("direct:order-payment-failed")
                .end();

        from("direct:order-payment-succeeded").routeId("order-payment-succeeded")
                .setBody(this::completion)
                .to(SQL + "update-order-completed.sql")
                .choice()
                    .when(header(SqlConstants.SQL_UPDATE_COUNT).isEqualTo(1))
                        .to("direct:order-callback-enqueue")
                    .otherwise()
                        .setProperty(PaymentProperties.ORPHANED, constant(true))
                .end();

        from("direct:order-callback-enqueue").routeId("order-callback-enqueue")
                .setBody(e -> Map.of("orderUuid", e.getProperty(PaymentProperties.ORDER_UUID)))
                .to(SQL + "select-order-callback.sql?outputType=SelectOne")
                .filter(simple("${body[webhook_url]} != null"))
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
    @SuppressWarnings("unchecked")
    private Map<String, Object> callback(Exchange exchange) throws JsonProcessingException {
        Map<String, Object> order = exchange.getIn().getBody(Map.class);
        String payer = Rows.string(order, "msisdn") == null ? Rows.string(order, "buyer_phone")
                : Rows.string(order, "msisdn");
        Map<String, String> body = new LinkedHashMap<>();
        body.put("transid", Rows.string(order, "transid"));
        body.put("order_id", Rows.string(order, "order_id"));
        body.put("reference", Rows.string(order, "reference"));
        body.put("result", "SUCCESS");
        body.put("resultcode", "000");
        body.put("payment_status", OrderStatus.COMPLETED.name());
        body.put("channel", Orders.channelName(Rows.string(order, "provider")));
        body.put("amount", Orders.amountText((BigDecimal) order.get("amount")));
        body.put("phone", payer);
        body.put("msisdn", payer);
        body.put("currency", Rows.string(order, "currency"));
        Map<String, Object> delivery = new LinkedHashMap<>();
        delivery.put("merchantId", order.get("merchant_id"));
        delivery.put("livemode", order.get("livemode"));
        delivery.put("kind", DeliveryKind.CHECKOUT_CALLBACK.name());
        delivery.put("credentialId", order.get("credential_id"));
        delivery.put("targetUrl", Rows.string(order, "webhook_url"));
        delivery.put("payload", mapper.writeValueAsString(body));
        delivery.put("sourceType", "PAYMENT");
        delivery.put("sourceId", order.get("payment_id"));
        delivery.put("now", orders.now());
        return delivery;
    }
}
