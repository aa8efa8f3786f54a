package io.malipo.checkout;

import io.malipo.common.SqlParameters;
import java.util.UUID;

/**
 * A page of a merchant's orders in one mode (sql/checkout/select-orders-page.sql).
 *
 * @param status only orders in this status, or null for all
 * @param orderId only the order the merchant gave this order_id, or null for all
 * @param beforeSeq the page starts below this position (Long.MAX_VALUE for the first)
 * @param limit rows to read: one more than the page shows, to know whether another follows
 */
public record OrderSearch(UUID merchantId, boolean livemode, OrderStatus status, String orderId, long beforeSeq,
        int limit) implements SqlParameters {
}
