package io.malipo.channels;

/**
 * The exchange properties of Malipo's canonical provider contract (routes/README.md lists what
 * a connector receives and must set).
 */
public final class PaymentProperties {

    public static final String PAYMENT_ID = "malipoPaymentId";
    public static final String REFERENCE = "malipoReference";
    public static final String CHANNEL = "malipoChannel";
    public static final String PROVIDER = "malipoProvider";
    public static final String LIVEMODE = "malipoLivemode";
    public static final String CONNECTOR = "malipoConnector";
    public static final String PROVIDER_URL = "malipoProviderUrl";
    public static final String PROVIDER_API_KEY = "malipoProviderApiKey";
    /**
     * The provider's other credentials by name (a map): configured ones in live mode, the
     * sandbox's in test mode ({@link ProviderDirectory#credentials}).
     */
    public static final String PROVIDER_CREDENTIALS = "malipoProviderCredentials";
    /** A session or access token a connector got from the provider ({@link ProviderSessions}). */
    public static final String PROVIDER_SESSION = "malipoProviderSession";
    /** How many seconds the provider said its session or token lasts. */
    public static final String PROVIDER_SESSION_SECONDS = "malipoProviderSessionSeconds";
    public static final String NOTIFY_URL = "malipoNotifyUrl";
    public static final String AMOUNT = "malipoAmount";
    public static final String CURRENCY = "malipoCurrency";
    public static final String MSISDN = "malipoMsisdn";
    public static final String CARD_TOKEN = "malipoCardToken";
    public static final String OUTCOME = "malipoOutcome";
    public static final String PROVIDER_REF = "malipoProviderRef";
    public static final String FAILURE_CODE = "malipoFailureCode";
    public static final String FAILURE_MESSAGE = "malipoFailureMessage";
    public static final String EVENT_KEY = "malipoEventKey";
    public static final String PAYMENT_TOKEN = "malipoPaymentToken";
    public static final String ORDER_UUID = "malipoOrderUuid";
    public static final String ORPHANED = "malipoOrphaned";
    /** True when a failed attempt never reached the payer, so it does not count against the order. */
    public static final String UNCOUNTED = "malipoUncounted";
    /** What a connector is asked about or to send: COLLECTION (when absent), PAYOUT or REVERSAL. */
    public static final String TRANSACTION_KIND = "malipoTransactionKind";
    /** A reversal's original payment: Malipo's reference (MLP…) and the provider's transaction id. */
    public static final String ORIGINAL_REFERENCE = "malipoOriginalReference";
    public static final String ORIGINAL_PROVIDER_REF = "malipoOriginalProviderRef";
    /** A reversal only: true when it sends back less than the payment collected. */
    public static final String PARTIAL_REVERSAL = "malipoPartialReversal";
    /** True when a call to the provider failed (set by {@link ProviderFailures}); the circuit breaker counts it. */
    public static final String PROVIDER_FAILED = "malipoProviderFailed";

    private PaymentProperties() {
    }
}
