package io.malipo.payments;

import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.WebhookEvent;
import io.malipo.delivery.WebhookEventType;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/**
 * The webhook events of payments: payment.succeeded or payment.failed once a payment leaves
 * flight, whichever API started it, with the payment as GET /api/v1/payments/{id} shows it.
 * Run by payment-settle-follow inside the settlement transaction, so the event exists exactly
 * when the outcome does. Properties in: malipoSettlementPayment, malipoSucceeded.
 */
@Component
public class PaymentEventRoutes extends RouteBuilder {

    private final Payments payments;

    public PaymentEventRoutes(Payments payments) {
        this.payments = payments;
    }

    @Override
    public void configure() {
        from("direct:payment-event-enqueue").routeId("payment-event-enqueue").errorHandler(noErrorHandler())
                .setBody(e -> {
                    StoredPayment payment = e.getProperty(Settlement.PAYMENT, StoredPayment.class);
                    return Map.of("paymentId", payment.id(), "merchantId", payment.merchantId(),
                            "livemode", payment.livemode());
                })
                .to(PaymentsEndpoints.VIEW)
                .setBody(this::event)
                .to(DeliveryEndpoints.WEBHOOK_EVENT_ENQUEUE);
    }

    private WebhookEvent event(Exchange exchange) {
        PaymentView view = exchange.getIn().getBody(PaymentView.class);
        StoredPayment payment = exchange.getProperty(Settlement.PAYMENT, StoredPayment.class);
        boolean succeeded = Boolean.TRUE.equals(exchange.getProperty(Settlement.SUCCEEDED, Boolean.class));
        return new WebhookEvent(payment.merchantId(), payment.livemode(),
                succeeded ? WebhookEventType.PAYMENT_SUCCEEDED : WebhookEventType.PAYMENT_FAILED, view, "PAYMENT",
                view.id(), payments.now());
    }
}
