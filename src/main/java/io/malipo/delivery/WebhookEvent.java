package io.malipo.delivery;

import java.time.OffsetDateTime;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;

/**
 * An event a package reports to the merchant's webhook endpoints ({@link DeliveryEndpoints#WEBHOOK_EVENT_ENQUEUE}).
 *
 * @param object what becomes data.object: the payment, payout or reversal as the token API shows it
 * @param sourceType PAYMENT, PAYOUT or REVERSAL, with {@code sourceId}
 * @param now the event's createdAt
 */
public record WebhookEvent(UUID merchantId, boolean livemode, WebhookEventType type, Object object,
        String sourceType, UUID sourceId, OffsetDateTime now) {

    static final Set<String> SOURCE_TYPES = Set.of("PAYMENT", "PAYOUT", "REVERSAL");

    public WebhookEvent {
        Objects.requireNonNull(merchantId, "a webhook event needs merchantId");
        Objects.requireNonNull(type, "a webhook event needs type");
        Objects.requireNonNull(object, "a webhook event needs object");
        Objects.requireNonNull(sourceId, "a webhook event needs sourceId");
        Objects.requireNonNull(now, "a webhook event needs now");
        if (!SOURCE_TYPES.contains(sourceType)) {
            throw new IllegalArgumentException("a webhook event's sourceType is one of " + SOURCE_TYPES);
        }
    }
}
