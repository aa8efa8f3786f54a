package io.malipo.payments;

/**
 * The {@code direct:} endpoints the payments package serves to the API packages and to
 * routes/schedules.yaml: what goes in and what comes out of each. The routes are PaymentRoutes
 * and TransferRoutes.
 */
public final class PaymentsEndpoints {

    /**
     * Body in: a {@link NewPayment}. Body out: its {@link PaymentPlan} (provider, fee, references).
     * Refuses (4xx, 503) what cannot go out; the merchant's provider settings apply to every
     * payment, whichever API asks for it.
     */
    public static final String PLAN = "direct:payment-plan";
    /** Body in: a {@link PaymentPlan}. Stores the payment, in flight, in the caller's transaction. */
    public static final String CREATE = "direct:payment-create";
    /**
     * Property malipoPaymentId in. Sends the stored payment to its provider, after the
     * transaction that stored it has committed; property malipoOutcome out.
     */
    public static final String SEND = "direct:payment-send";
    /** Body in: a map with orderUuid and transid. Body out: that payment (id, status, provider) or null. */
    public static final String FIND_BY_ORDER_TRANSID = "direct:payment-find-by-order-transid";
    /**
     * A collection of the token API. Body in: a {@link NewPayment} with its merchantReference.
     * Body out: its {@link PaymentView} as the provider left it (PENDING while the payer decides,
     * FAILED when refused outright); 400 reference_reused; 503 when the provider could not be
     * reached (nothing was sent).
     */
    public static final String COLLECT = "direct:payment-collect";
    /** Body in: a map with paymentId, merchantId and livemode. Body out: its {@link PaymentView}, or null. */
    public static final String VIEW = "direct:payment-view";
    /**
     * Body in: a map with paymentId, merchantId and livemode. Body out: its {@link PaymentTimeline}
     * (the payment, what its provider said, its reversals and contradicting reports), or null when
     * it is not the merchant's in that mode.
     */
    public static final String TIMELINE = "direct:payment-timeline";
    /** Body in: a page query (merchantId, livemode, beforeSeq, limit). Body out: PaymentViews, newest first. */
    public static final String VIEWS_PAGE = "direct:payment-views-page";
    /**
     * Body in: a {@link PaymentSearch}. Body out: the PaymentViews it finds, newest first by
     * (createdAt, seq); the last one's seq is where the next page starts.
     */
    public static final String VIEWS_SEARCH = "direct:payment-views-search";
    /** Body in: a {@link PaymentFigures.Query}. Body out: the {@link PaymentFigures} of the span it names. */
    public static final String FIGURES = "direct:payment-figures";
    /**
     * The attempts of one checkout order. Body in: a map with orderId (the merchant's order_id),
     * merchantId and livemode. Body out: the PaymentViews made for it, oldest first (none for
     * another merchant's or mode's order).
     */
    public static final String ORDER_VIEWS = "direct:payment-views-of-order";
    /**
     * Body in: a map with kind (COLLECTION or PAYOUT), amount, currency and optionally msisdn,
     * provider, channel. Body out: the {@link FeeQuote}, by the same function settlement charges with.
     */
    public static final String FEE_QUOTE = "direct:fee-quote";
    /**
     * Body in: a map with cardToken, buyerId, merchantId and livemode. Body out: the stored card
     * (id, card_token, buyer_userid) that buyer may pay with, or null.
     */
    public static final String STORED_CARD_FIND = "direct:stored-card-find";
    /**
     * Body in: a {@link NewPayout}. Body out: its {@link PayoutView}: PENDING once the provider
     * has it, FAILED when it refused outright; 400 insufficient_balance, reference_reused; 503
     * when the provider could not be reached (nothing sent, nothing taken, the reference free again).
     */
    public static final String PAYOUT_CREATE = "direct:payout-create";
    /** Body in: a map with payoutId, merchantId and livemode. Body out: its {@link PayoutView}, or null. */
    public static final String PAYOUT_VIEW = "direct:payout-view";
    /** Body in: a page query (merchantId, livemode, beforeSeq, limit). Body out: PayoutViews, newest first. */
    public static final String PAYOUT_VIEWS_PAGE = "direct:payout-views-page";
    /**
     * Body in: a map with reference (the merchant's own), merchantId and livemode. Body out: the
     * {@link PayoutView} made under that reference, or null: a repeated request finds the payout
     * its first made (PAYOUT_CREATE refused it with reference_reused).
     */
    public static final String PAYOUT_VIEW_BY_REFERENCE = "direct:payout-view-by-reference";
    /**
     * Body in: a {@link NewReversal}. Body out: its {@link ReversalView} (refusals and 503 as for
     * payouts; 404 for a payment that is not the merchant's).
     */
    public static final String REVERSAL_CREATE = "direct:reversal-create";
    /** Body in: a map with reversalId, merchantId and livemode. Body out: its {@link ReversalView}, or null. */
    public static final String REVERSAL_VIEW = "direct:reversal-view";
    /**
     * Body in: a map with resolution ('' for all), beforeSeq and limit. Body out: a
     * {@link SettlementConflictPage}, newest first.
     */
    public static final String SETTLEMENT_CONFLICTS_LIST = "direct:settlement-conflicts-list";
    /** Forgets the bodies of provider notifications handled more than a week ago (kept to drop repeats). */
    public static final String FORGET_PROVIDER_NOTIFICATIONS = "direct:provider-notifications-forget";
    /** Providers are asked about what they have not reported on in time (routes/schedules.yaml). */
    public static final String RECONCILE = "direct:payments-reconcile";

    private PaymentsEndpoints() {
    }
}
