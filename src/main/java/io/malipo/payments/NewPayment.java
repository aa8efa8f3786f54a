package io.malipo.payments;

import io.malipo.channels.Channel;
import java.math.BigDecimal;
import java.util.UUID;

/**
 * A payment another package asks the channels to make: a collection from a wallet (msisdn)
 * or a card (cardToken), for a checkout order (orderUuid, transid) or for the token API
 * (merchantReference, description), optionally through a named provider.
 */
public record NewPayment(UUID merchantId, boolean livemode, UUID orderUuid, Channel channel, String provider,
        String msisdn, String cardToken, String transid, BigDecimal amount, String currency,
        String merchantReference, String description) {
}
