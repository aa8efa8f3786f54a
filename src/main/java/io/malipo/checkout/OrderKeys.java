package io.malipo.checkout;

import io.malipo.common.SqlParameters;
import io.malipo.merchant.CheckoutCredential;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * The parameters every order statement is scoped by: the caller's merchant and mode, the
 * merchant's order_id (null for statements over all its orders), and the time now, by which
 * orders past their expiry count as expired.
 */
public record OrderKeys(UUID merchantId, boolean livemode, String orderId, OffsetDateTime now)
        implements SqlParameters {

    public static OrderKeys of(CheckoutCredential merchant, String orderId, OffsetDateTime now) {
        return new OrderKeys(merchant.merchantId(), merchant.livemode(), orderId, now);
    }
}
