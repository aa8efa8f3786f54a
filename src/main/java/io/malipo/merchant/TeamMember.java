package io.malipo.merchant;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A person of a merchant's team as sql/team/select-member-*.sql read them.
 *
 * @param passwordHash null until the invitation is accepted
 * @param totpSecretSealed the second factor's secret, sealed; null until set up
 * @param lastTotpStep the last time step a code was accepted for (a code is good once)
 * @param sessionsValidAfter sessions signed in before this are over
 */
public record TeamMember(UUID id, UUID merchantId, String email, Role role, String passwordHash,
        String totpSecretSealed, OffsetDateTime totpEnabledAt, long lastTotpStep, OffsetDateTime sessionsValidAfter,
        String merchantName, boolean merchantVerified) {

    public boolean hasTwoFactors() {
        return totpEnabledAt != null;
    }
}
