package io.malipo.checkout;

/** The {@code direct:} endpoints the checkout package serves to the pages and the dashboard. */
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

    /**
     * A page of the merchant's orders, newest first. Body in: an {@link OrderSearch}. Body out: a
     * list of {@link ListedOrder}, at most its limit.
     */
    public static final String ORDERS_PAGE = "direct:checkout-orders-page";

    /** One order. Body in: a {@link MerchantOrder}. Body out: its {@link OrderDetails}, or null when it is not the merchant's in that mode. */
    public static final String ORDER_DETAILS = "direct:checkout-order-details";

    /**
     * The merchant cancels an order (CANCELLED), as cancel-order does. Body in: a
     * {@link MerchantOrder}. Body out: true when this cancelled it, false when the merchant had
     * already. Refusals are ApiExceptions: 404 no such order, 410 order_expired, 400
     * order_completed, payment_in_progress, order_closed (cancelled by the buyer, or rejected).
     */
    public static final String CANCEL_ORDER = "direct:checkout-order-cancel";

    private CheckoutEndpoints() {
    }
}
