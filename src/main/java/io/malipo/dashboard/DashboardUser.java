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
 * @param livemode whether the pages show live objects (only once the merchant is verified) or test ones
 */
public record DashboardUser(UUID id, UUID merchantId, String email, Role role, String merchantName,
        boolean merchantVerified, Instant signedInAt, boolean livemode) implements Serializable {

    /** A new session, in test mode. */
    static DashboardUser of(TeamMember member, Instant signedInAt) {
        return new DashboardUser(member.id(), member.merchantId(), member.email(), member.role(),
                member.merchantName(), member.merchantVerified(), signedInAt, false);
    }

    /** This session with the member and their merchant as they are now; live only while the merchant is verified. */
    DashboardUser as(TeamMember member) {
        return new DashboardUser(id, merchantId, member.email(), member.role(), member.merchantName(),
                member.merchantVerified(), signedInAt, livemode && member.merchantVerified());
    }

    DashboardUser inMode(boolean live) {
        return new DashboardUser(id, merchantId, email, role, merchantName, merchantVerified, signedInAt,
                live && merchantVerified);
    }

    /** Whether the member's role may do this (a Permission's name, for the templates). */
    public boolean can(String permission) {
        return Permission.valueOf(permission).allows(role);
    }

    /** The mode's name in message keys and paths: "live" or "test". */
    public String mode() {
        return livemode ? "live" : "test";
    }
}
