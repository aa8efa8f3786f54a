package io.malipo.delivery;

/** The {@code direct:} endpoints the delivery package serves to the others. */
public final class DeliveryEndpoints {

    /**
     * Writes what must reach a merchant inside the caller's transaction, so it exists exactly when
     * the change that caused it does; the dispatcher sends it afterwards. Body in: a {@link NewDelivery}.
     */
    public static final String ENQUEUE = "direct:delivery-enqueue";
    /**
     * A package reports an event inside the transaction of the change that caused it. Body in: a
     * {@link WebhookEvent}. Every enabled endpoint of the merchant and mode subscribed to its type
     * (or to "*") gets one delivery of the same event, with the same id. The caller's body,
     * headers and properties are left as they were; any other body throws, so the caller's
     * transaction rolls back.
     */
    public static final String WEBHOOK_EVENT_ENQUEUE = "direct:webhook-event-enqueue";
    /**
     * The delivery log. Body in: a map with status ('' for any), merchantId (or null), beforeSeq
     * and limit. Body out: a {@link DeliveryPage}.
     */
    public static final String LIST = "direct:delivery-list";
    /**
     * Property {@link DeliveryRoutes#DELIVERY_ID} in. Body out: the {@link DeliveryView} with payload
     * and attempts, or null.
     */
    public static final String GET = "direct:delivery-get";
    /**
     * What one payment, payout or reversal caused to be sent. Body in: a map with merchantId,
     * livemode, sourceType (PAYMENT, PAYOUT or REVERSAL) and sourceId. Body out: a list of
     * {@link DeliveryTrail}, oldest first; empty when the source is not the merchant's in that mode.
     */
    public static final String FOR_SOURCE = "direct:delivery-for-source";
    /** Property {@link DeliveryRoutes#DELIVERY_ID} in: one more attempt now. Body out: the view, or null. */
    public static final String RESEND = "direct:delivery-resend";
    /**
     * Body in: a page query (merchantId, livemode, beforeSeq, limit). Body out:
     * WebhookEndpointViews, newest first.
     */
    public static final String WEBHOOK_ENDPOINTS_PAGE = "direct:webhook-endpoints-page";
    /**
     * Body in: a map with merchantId, livemode, max (endpoints allowed per merchant and mode) and
     * endpoint (a {@link NewWebhookEndpoint}). Body out: the {@link WebhookEndpointView} with its
     * secret.
     */
    public static final String WEBHOOK_ENDPOINT_CREATE = "direct:webhook-endpoint-create";
    /**
     * Body in: a map with id, merchantId, livemode and change (a {@link WebhookEndpointChange}).
     * Body out: the {@link WebhookEndpointView} as changed, or null when the merchant has no such
     * endpoint.
     */
    public static final String WEBHOOK_ENDPOINT_UPDATE = "direct:webhook-endpoint-update";
    /**
     * Body in: a map with id, merchantId and livemode. Body out: true, or false when there was no
     * such endpoint.
     */
    public static final String WEBHOOK_ENDPOINT_DELETE = "direct:webhook-endpoint-delete";
    /**
     * Body in: a map with id, merchantId and livemode. Body out: the {@link WebhookEndpointView}
     * (never with its secret), or null when the merchant has no such endpoint in this mode.
     */
    public static final String WEBHOOK_ENDPOINT_GET = "direct:webhook-endpoint-get";
    /**
     * Sends one signed test event (type {@value WebhookEndpoints#TEST_EVENT}, the endpoint as
     * data.object) to that endpoint only, through the outbox like every event. Body in: a map with
     * id, merchantId and livemode. Body out: the id (UUID) of the delivery queued, or null when the
     * merchant has no such endpoint in this mode; 409 webhook_endpoint_disabled while it is disabled.
     */
    public static final String WEBHOOK_ENDPOINT_TEST = "direct:webhook-endpoint-test";
    /**
     * One webhook endpoint's delivery log, newest first. Body in: an {@link EndpointDeliveries}
     * query. Body out: a list of {@link WebhookDelivery}, at most its limit.
     */
    public static final String WEBHOOK_ENDPOINT_DELIVERIES = "direct:webhook-endpoint-deliveries";

    private DeliveryEndpoints() {
    }
}
