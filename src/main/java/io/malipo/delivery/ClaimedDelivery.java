package io.malipo.delivery;

import java.net.URI;
import java.util.Locale;
import java.util.UUID;

/**
 * A delivery an instance has claimed to send (see {@link DueDelivery#claimed()}).
 *
 * @param attempts the attempts made, this one included (the claim counted it)
 */
public record ClaimedDelivery(UUID id, UUID merchantId, boolean livemode, DeliveryKind kind, UUID credentialId,
        UUID webhookEndpointId, String eventId, String targetUrl, String payload, String sourceType, UUID sourceId,
        int attempts) {

    /** The host it goes to (see {@link #host(String)}): deliveries to one host share its slots. */
    public String host() {
        return host(targetUrl);
    }

    /** The host of a delivery URL, lower case; empty when it has none. */
    public static String host(String url) {
        try {
            String host = url == null ? null : URI.create(url).getHost();
            return host == null ? "" : host.toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
