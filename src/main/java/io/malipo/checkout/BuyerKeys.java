package io.malipo.checkout;

import io.malipo.common.SqlParameters;
import java.util.UUID;

/** Whose buyer: the parameters a buyer's statements are scoped by (gateway_buyer_uuid, merchant and mode). */
public record BuyerKeys(UUID buyerId, UUID merchantId, boolean livemode) implements SqlParameters {
}
