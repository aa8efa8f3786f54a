package io.malipo.delivery;

import io.malipo.common.SqlParameters;
import java.util.UUID;

/**
 * A page of one webhook endpoint's delivery log (sql/delivery/select-webhook-endpoint-deliveries.sql),
 * scoped by the merchant and mode that own the endpoint.
 *
 * @param beforeSeq the page starts below this position (Long.MAX_VALUE for the first)
 * @param limit rows to read: one more than the page shows, to know whether another follows
 */
public record EndpointDeliveries(UUID endpointId, UUID merchantId, boolean livemode, long beforeSeq, int limit)
        implements SqlParameters {
}
