package io.malipo.merchant;

/** The {@code direct:} endpoints the merchant package serves to the API packages. */
public final class MerchantEndpoints {

    /**
     * Body in: the API key candidates a checkout request's Authorization header may hold. Body
     * out: the {@link CheckoutCredential} of the one that exists, or null.
     */
    public static final String CREDENTIAL_FIND = "direct:checkout-credential-find";
    /**
     * Body in: a map with merchantId, livemode and credentialId (preferred). Body out: the
     * {@link CheckoutCredential} that signs the merchant's callbacks, or null when none is active.
     */
    public static final String CREDENTIAL_FOR_SIGNING = "direct:checkout-credential-for-signing";
    /**
     * Body in: a map with lookup (the middle part of a presented key), or with apiKeyId. Body out:
     * the {@link ApiKeyRecord}, or null when no key has it.
     */
    public static final String API_KEY_FIND_FOR_USE = "direct:api-key-find-for-use";
    /** Property malipoCredentialId in: the key that just gave out a token. */
    public static final String API_KEY_USED = "direct:api-key-used";

    private MerchantEndpoints() {
    }
}
