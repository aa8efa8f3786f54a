package io.malipo.delivery;

import java.util.UUID;
import org.springframework.jdbc.core.RowMapper;

/** A due delivery as sql/delivery/select-due-for-update.sql reads it, before it is claimed. */
record DueDelivery(UUID id, String targetUrl) {

    static final RowMapper<DueDelivery> ROWS = (rs, row) -> new DueDelivery(rs.getObject("id", UUID.class),
            rs.getString("target_url"));

    /** The host it goes to, as {@link ClaimedDelivery#host()} has it. */
    String host() {
        return ClaimedDelivery.host(targetUrl);
    }
}
