package io.malipo.delivery;

import io.malipo.common.SqlParameters;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * What must reach a merchant, as {@link DeliveryEndpoints#ENQUEUE} writes it with
 * sql/delivery/insert-delivery.sql: PENDING and due at once.
 *
 * @param credentialId the checkout credential that signs a checkout callback; null for a webhook event
 * @param webhookEndpointId and {@code eventId}: a webhook event's endpoint and event; null for a callback
 * @param targetHost the host of {@code targetUrl}, whose deliveries share its slots
 * @param payload the exact JSON that is sent
 * @param sourceType PAYMENT, PAYOUT or REVERSAL: what the delivery is about, with {@code sourceId};
 *     WEBHOOK_ENDPOINT for a test event, with the endpoint's id
 */
public record NewDelivery(UUID id, UUID merchantId, boolean livemode, DeliveryKind kind, UUID credentialId,
        UUID webhookEndpointId, String eventId, String targetUrl, String targetHost, String payload,
        String sourceType, UUID sourceId, OffsetDateTime now) implements SqlParameters {

    /** A checkout callback to an order's webhook_url, signed with the order's credential when sent. */
    public static NewDelivery checkoutCallback(UUID merchantId, boolean livemode, UUID credentialId, String targetUrl,
            String payload, UUID paymentId, OffsetDateTime now) {
        return new NewDelivery(UUID.randomUUID(), merchantId, livemode, DeliveryKind.CHECKOUT_CALLBACK, credentialId,
                null, null, targetUrl, ClaimedDelivery.host(targetUrl), payload, "PAYMENT", paymentId, now);
    }

    /** One endpoint's copy of a webhook event; every copy has the event's id. */
    static NewDelivery webhookEvent(WebhookEvent event, String eventId, String payload, UUID endpointId,
            String targetUrl) {
        return new NewDelivery(UUID.randomUUID(), event.merchantId(), event.livemode(), DeliveryKind.WEBHOOK_EVENT,
                null, endpointId, eventId, targetUrl, ClaimedDelivery.host(targetUrl), payload, event.sourceType(),
                event.sourceId(), event.now());
    }

    /** A test event for one endpoint only, asked for by its owner; signed like every webhook event. */
    static NewDelivery webhookTest(UUID merchantId, boolean livemode, UUID endpointId, String eventId,
            String targetUrl, String payload, OffsetDateTime now) {
        return new NewDelivery(UUID.randomUUID(), merchantId, livemode, DeliveryKind.WEBHOOK_EVENT, null, endpointId,
                eventId, targetUrl, ClaimedDelivery.host(targetUrl), payload, "WEBHOOK_ENDPOINT", endpointId, now);
    }
}
