package io.malipo.checkout;

/** The {@code direct:} endpoints the checkout package serves to the pages. */
public final class CheckoutEndpoints {

    /**
     * Pays an order: checks it can be paid, claims one of its attempts and stores the payment in one
     * transaction, then sends it to its provider. Body in: an {@link OrderPayment}. Property
     * malipoOutcome out: the provider's {@link io.malipo.channels.PushAnswer} (PENDING for a repeat
     * of a transid still in flight). Refusals are ApiExceptions: 404 no such order, 410 expired,
     * 400 paid, in progress, closed, transid_used, card_not_accepted, and those of payment-plan.
     */
    public static final String PAY_ORDER = "direct:checkout-order-pay";

    private CheckoutEndpoints() {
    }
}
