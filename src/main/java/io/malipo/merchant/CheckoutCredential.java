package io.malipo.merchant;

import java.util.List;
import java.util.UUID;

/**
 * A checkout credential as request authentication needs it: whose it is, its mode and state,
 * and the secrets a request may be signed with (the current one first, then a replaced one
 * whose grace has not ended).
 */
public record CheckoutCredential(UUID id, UUID merchantId, String vendor, String merchantName,
        MerchantStatus merchantStatus, String apiKey, boolean livemode, CredentialStatus status,
        List<String> secrets) {

    public boolean usable() {
        return status == CredentialStatus.ACTIVE;
    }

    @Override
    public String toString() {
        // Never print the secrets.
        return "CheckoutCredential[" + id + ", merchant " + merchantId + "]";
    }
}
