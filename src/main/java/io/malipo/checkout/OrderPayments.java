package io.malipo.checkout;

import io.malipo.channels.PaymentProperties;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import io.malipo.payments.PaymentOrders;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/** Checkout's answer to settlement: its orders follow their payments (OrderSettlementRoutes). */
@Component
public class OrderPayments implements PaymentOrders {

    private final NamedParameterJdbcTemplate jdbc;
    private final ProducerTemplate routes;

    public OrderPayments(NamedParameterJdbcTemplate jdbc, CamelContext camel) {
        this.jdbc = jdbc;
        this.routes = camel.createProducerTemplate();
    }

    @Override
    public Optional<TokenOrder> byPaymentToken(String paymentToken, boolean livemode) {
        return jdbc.queryForList(SqlFiles.load("checkout/select-order-by-token.sql"),
                Map.of("paymentToken", paymentToken, "livemode", livemode)).stream().findFirst()
                .map(row -> new TokenOrder(Rows.uuid(row, "id"), Rows.uuid(row, "merchant_id"),
                        Rows.string(row, "currency")));
    }

    @Override
    public boolean settled(SettledPayment payment) {
        Exchange done = routes.send(OrderSettlementRoutes.PAYMENT_OUTCOME, e -> {
            e.setProperty(PaymentProperties.ORDER_UUID, payment.orderUuid());
            e.setProperty(PaymentProperties.PAYMENT_ID, payment.paymentId());
            e.setProperty(PaymentProperties.OUTCOME, payment.outcome());
            e.setProperty(PaymentProperties.UNCOUNTED, payment.uncounted());
            e.setProperty(PaymentProperties.AMOUNT, payment.amount());
            e.setProperty(PaymentProperties.CURRENCY, payment.currency());
        });
        if (done.getException() != null) {
            throw done.getException() instanceof RuntimeException failure ? failure
                    : new IllegalStateException(done.getException());
        }
        return Boolean.TRUE.equals(done.getProperty(PaymentProperties.ORPHANED, Boolean.class));
    }
}
