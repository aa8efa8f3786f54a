package io.malipo.checkout;

import io.malipo.common.Sequenced;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * An order as the lists show it: list-orders (sql/checkout/select-orders-created-between.sql)
 * and the dashboard's orders (select-orders-page.sql), paged newest first by seq.
 *
 * @param buyerPhone the phone the merchant gave for the buyer, digits with the country prefix
 * @param attempts the payment attempts it has used
 */
public record ListedOrder(UUID id, long seq, String orderId, OffsetDateTime createdAt, BigDecimal amount,
        String currency, OrderStatus paymentStatus, String buyerName, String buyerPhone, int attempts)
        implements Sequenced {
}
