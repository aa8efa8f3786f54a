package io.malipo.delivery;

import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;

/**
 * A due delivery as sql/delivery/select-due-for-update.sql reads it, locked but not yet claimed.
 *
 * @param attempts the attempts made before this one
 */
record DueDelivery(UUID id, UUID merchantId, boolean livemode, DeliveryKind kind, UUID credentialId,
        UUID webhookEndpointId, String eventId, String targetUrl, String payload, String sourceType, UUID sourceId,
        int attempts) {

    static final RowMapper<DueDelivery> ROWS = (rs, row) -> new DueDelivery(rs.getObject("id", UUID.class),
            rs.getObject("merchant_id", UUID.class), rs.getBoolean("livemode"),
            DeliveryKind.valueOf(rs.getString("kind")), rs.getObject("credential_id", UUID.class),
            rs.getObject("webhook_endpoint_id", UUID.class), rs.getString("event_id"), rs.getString("target_url"),
            rs.getString("payload"), rs.getString("source_type"), rs.getObject("source_id", UUID.class),
            rs.getInt("attempts"));

    /** The host it goes to, as {@link ClaimedDelivery#host()} has it. */
    String host() {
        return ClaimedDelivery.host(targetUrl);
    }

    /** A row as sql/delivery/claim-due.sql returns it: claimed already, its attempts counting this one. */
    static final RowMapper<ClaimedDelivery> CLAIMED = (rs, row) -> ROWS.mapRow(rs, row).made(rs.getInt("attempts"));

    /** As it is once sql/delivery/update-claimed.sql has claimed it, which counts this attempt. */
    ClaimedDelivery claimed() {
        return made(attempts + 1);
    }

    private ClaimedDelivery made(int attemptsMade) {
        return new ClaimedDelivery(id, merchantId, livemode, kind, credentialId, webhookEndpointId, eventId, targetUrl,
                payload, sourceType, sourceId, attemptsMade);
    }
}
