package io.malipo.checkout;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/** An order as list-orders shows it: a row of sql/checkout/select-orders-created-between.sql. */
public record ListedOrder(String orderId, OffsetDateTime createdAt, BigDecimal amount, String currency,
        OrderStatus paymentStatus) {
}
