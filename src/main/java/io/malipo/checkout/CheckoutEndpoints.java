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

    /**
     * A buyer's stored cards that a payment has confirmed, oldest first. Body in: {@link BuyerKeys};
     * body out: a list of {@link StoredCard}.
     */
    public static final String BUYER_CARDS = "direct:checkout-buyer-cards";

    /** Keeps a buyer's card. Body in: a {@link NewStoredCard}. */
    public static final String SAVE_CARD = "direct:checkout-card-save";

    /**
     * The buyer cancels an order on the payment page (USERCANCELLED). Body in: {@link OrderKeys};
     * header CamelSqlUpdateCount out: 1 when it was cancelled, 0 when it was no longer PENDING.
     */
    public static final String BUYER_CANCEL = "direct:checkout-order-buyer-cancel";

    private CheckoutEndpoints() {
    }
}
