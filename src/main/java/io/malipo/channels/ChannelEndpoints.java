package io.malipo.channels;

/**
 * The {@code direct:} endpoints the channels package serves to the rest of Malipo. What each
 * connector route reads and sets is the provider contract of routes/README.md
 * ({@link PaymentProperties}).
 */
public final class ChannelEndpoints {

    /**
     * Calls a provider through its circuit breaker (per provider and mode). Property
     * {@link #CONNECTOR_URI} in: the route to call, the channel router or a connector route; the
     * connector contract's properties in and out. Nothing is called while the circuit is open:
     * the outcome is then UNAVAILABLE.
     */
    public static final String PROVIDER_CALL = "direct:provider-call";
    /** The route {@link #PROVIDER_CALL} calls. */
    public static final String CONNECTOR_URI = "malipoConnectorUri";
    /** The channel router of routes/channels.yaml: card, wallet pull or manual, by the payment's channel. */
    public static final String PAYMENT_ROUTE = "direct:payment-route";
    /**
     * Test mode only. Body in: a map with number and expiry (MM/YY) of a sandbox test card. Body
     * out: a map with token, brand and last4, from the card processor; a refused card is a 400.
     */
    public static final String CARD_TOKENIZE = "direct:card-tokenize";

    /** Body in: a map with merchantId, livemode and provider. Body out: its {@link ProviderSetting}. */
    public static final String PROVIDER_SETTING_GET = "direct:provider-setting-get";
    /**
     * Body in: a map with merchantId, livemode, provider and change (a {@link ProviderSetting.Change}).
     * Body out: the {@link ProviderSetting} now stored.
     */
    public static final String PROVIDER_SETTING_PUT = "direct:provider-setting-put";
    /** Body in: a map with merchantId and livemode. Body out: the {@link ProviderView}s. */
    public static final String PROVIDERS_LIST = "direct:providers-list";

    private ChannelEndpoints() {
    }
}
