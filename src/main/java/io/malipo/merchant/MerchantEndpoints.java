package io.malipo.merchant;

/**
 * The {@code direct:} endpoints the merchant package serves to the API packages, the first start
 * and routes/schedules.yaml.
 */
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

    /**
     * Body in: a {@link NewMerchant} (property malipoDemo for the demo merchant). Body out: its
     * {@link MerchantView}.
     */
    public static final String MERCHANT_CREATE = "direct:merchant-create";
    /** Property malipoMerchantId in. Body out: the {@link MerchantView}; 404 when there is none. */
    public static final String MERCHANT_GET = "direct:merchant-get";
    /** Property malipoMerchantId in: the merchant is VERIFIED. Body out: its {@link MerchantView}. */
    public static final String MERCHANT_VERIFY = "direct:merchant-verify";
    /** Body out: the demo merchant's row, or null before the first start made it. */
    public static final String DEMO_MERCHANT_FIND = "direct:demo-merchant-find";
    /**
     * Property malipoMerchantId, body a {@link NewCheckoutCredential}. Body out: the
     * {@link CheckoutCredentialView} with its secret, shown this once.
     */
    public static final String CHECKOUT_CREDENTIAL_ISSUE = "direct:checkout-credential-issue";
    /** Property malipoCredentialId, body a {@link Rotation}. Body out: the new secret and the old one's grace. */
    public static final String CHECKOUT_CREDENTIAL_ROTATE = "direct:checkout-credential-rotate";
    /** Property malipoCredentialId in: revoked at once. Body out: its {@link CheckoutCredentialView}. */
    public static final String CHECKOUT_CREDENTIAL_REVOKE = "direct:checkout-credential-revoke";
    /**
     * Property malipoMerchantId, body a {@link NewApiKey}. Body out: the {@link ApiKeyView} with the
     * key, shown this once.
     */
    public static final String API_KEY_ISSUE = "direct:api-key-issue";
    /** Property malipoCredentialId, body a {@link Rotation}. Body out: the new key and the old one's grace. */
    public static final String API_KEY_ROTATE = "direct:api-key-rotate";
    /** Property malipoCredentialId in: revoked at once. Body out: its {@link ApiKeyView}. */
    public static final String API_KEY_REVOKE = "direct:api-key-revoke";
    /** Replaced secrets past their grace are erased (routes/schedules.yaml). */
    public static final String FORGET_REPLACED_SECRETS = "direct:merchant-forget-replaced-secrets";

    private MerchantEndpoints() {
    }

    /**
     * Invites a person to a merchant's dashboard. Property malipoMerchantId in, body a
     * {@link NewTeamMember}. Body out: the {@link TeamInvitationView} with its single-use link;
     * 404 when there is no such merchant, 409 when the email is already on a team.
     */
    public static final String TEAM_INVITE = "direct:team-invite";
}
