package io.malipo.checkout;

import io.malipo.common.SqlParameters;
import java.util.UUID;

/** An order named by its id (checkout_order's), only as the merchant's own in one mode: another's is not found. */
public record MerchantOrder(UUID merchantId, boolean livemode, UUID id) implements SqlParameters {
}
