package io.malipo.payments;

import java.math.BigDecimal;
import java.util.UUID;

/**
 * What a connector's request is made of, as a stored payment, payout or reversal gives it:
 * {@link Payments#request} turns it into the canonical properties of routes/README.md.
 */
public interface ProviderRequest {

    UUID id();

    /** Malipo's reference, which the provider echoes in its reports. */
    String reference();

    String provider();

    boolean livemode();

    BigDecimal amount();

    String currency();

    /** The wallet the money comes from or goes to; null for a card. */
    String msisdn();

    /** The provider's own reference, once it gave one. */
    String providerRef();

    /** CARD, WALLET_PULL or MANUAL for a collection; null for money going out. */
    default String channel() {
        return null;
    }

    default String cardToken() {
        return null;
    }
}
