package io.malipo.merchant;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Locale;

/**
 * What a merchant's team member may do in the dashboard (the README's role matrix). Owners and
 * Finance move money or hand out keys, so they must sign in with two factors.
 */
public enum Role {
    OWNER, DEVELOPER, FINANCE, VIEWER;

    /** "owner", "Owner" or "OWNER"; null for anything else, which validation then refuses. */
    @JsonCreator
    public static Role of(String name) {
        try {
            return name == null ? null : valueOf(name.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    public boolean requiresTwoFactors() {
        return this == OWNER || this == FINANCE;
    }
}
