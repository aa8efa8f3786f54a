package io.malipo.dashboard;

import io.malipo.merchant.Role;
import io.malipo.merchant.TeamMember;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/**
 * The signed-in member, as the session keeps them (Spring Security's principal).
 *
 * @param signedInAt when this session signed in: it ends when the member signs out everywhere later
 */
public record DashboardUser(UUID id, UUID merchantId, String email, Role role, String merchantName,
        boolean merchantVerified, Instant signedInAt) implements Serializable {

    static DashboardUser of(TeamMember member, Instant signedInAt) {
        return new DashboardUser(member.id(), member.merchantId(), member.email(), member.role(),
                member.merchantName(), member.merchantVerified(), signedInAt);
    }
}
