package io.malipo.dashboard;

import io.malipo.merchant.Role;
import io.malipo.merchant.TeamMember;
import java.io.Serializable;
import java.util.UUID;

/** The signed-in member, as the session keeps them (Spring Security's principal). */
public record DashboardUser(UUID id, UUID merchantId, String email, Role role, String merchantName,
        boolean merchantVerified) implements Serializable {

    static DashboardUser of(TeamMember member) {
        return new DashboardUser(member.id(), member.merchantId(), member.email(), member.role(),
                member.merchantName(), member.merchantVerified());
    }
}
