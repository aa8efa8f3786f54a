package io.malipo.dashboard;

import io.malipo.merchant.Role;
import java.util.EnumSet;
import java.util.Set;

/**
 * What a member of each role may do in the dashboard: the README's role matrix, in one place.
 * Pages check it on the server (a refused role gets a 403 page); the navigation and buttons read
 * it only to hide what would be refused.
 */
public enum Permission {
    /** Balances, payments, checkout orders, payouts and their deliveries: everyone on the team. */
    SEE_PAYMENTS(Role.OWNER, Role.DEVELOPER, Role.FINANCE, Role.VIEWER),
    /** Refund a payment, in full or in part (asks for a fresh code). */
    REFUND(Role.OWNER, Role.FINANCE),
    /** Pay out of the balance to a mobile-money number (asks for a fresh code). */
    PAY_OUT(Role.OWNER, Role.FINANCE),
    /** Cancel a checkout order that is still waiting for its payment. */
    CANCEL_ORDERS(Role.OWNER, Role.DEVELOPER, Role.FINANCE),
    /** Make a payment in test mode, which the sandbox answers, to see the whole path before integrating. */
    TEST_PAYMENTS(Role.OWNER, Role.DEVELOPER, Role.FINANCE),
    /** Send a callback or webhook delivery again. */
    RESEND_DELIVERIES(Role.OWNER, Role.DEVELOPER, Role.FINANCE),
    /** API keys, checkout credentials, webhook endpoints and provider settings (new keys ask for a fresh code). */
    MANAGE_KEYS(Role.OWNER, Role.DEVELOPER),
    /** Invite, change roles, remove; read the audit log. */
    MANAGE_TEAM(Role.OWNER);

    private final Set<Role> roles;

    Permission(Role first, Role... others) {
        this.roles = EnumSet.of(first, others);
    }

    public boolean allows(Role role) {
        return roles.contains(role);
    }
}
