package io.malipo.merchant;

import io.malipo.common.IpAllowList;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A token-API key as stored, for deciding whether a presented key or a token issued from it may
 * be used: hashes only, never the key.
 */
public record ApiKeyRecord(UUID id, UUID merchantId, boolean livemode, CredentialStatus status, Instant expiresAt,
        List<String> scopes, List<String> allowedIps, String secretHash, String previousSecretHash,
        Instant previousValidUntil, MerchantStatus merchantStatus) {

    /** Whether the presented key is this one: its current secret, or the replaced one during its grace. */
    public boolean matches(String presentedKey, Instant now) {
        return ApiKeys.matches(presentedKey, secretHash)
                || (previousValidUntil != null && now.isBefore(previousValidUntil)
                        && ApiKeys.matches(presentedKey, previousSecretHash));
    }

    /** Why the key cannot be used now, or empty when it can. Meant for logs and operators, not callers. */
    public Optional<String> unusable(Instant now) {
        if (status == CredentialStatus.REVOKED) {
            return Optional.of("revoked");
        }
        if (expiresAt != null && !now.isBefore(expiresAt)) {
            return Optional.of("expired");
        }
        if (merchantStatus == MerchantStatus.SUSPENDED) {
            return Optional.of("merchant suspended");
        }
        if (livemode && merchantStatus != MerchantStatus.VERIFIED) {
            return Optional.of("live key of an unverified merchant");
        }
        return Optional.empty();
    }

    public boolean allowsAddress(String address) {
        IpAllowList list = IpAllowList.of(allowedIps);
        return list.allowsEverything() || (address != null && list.allows(address));
    }
}
