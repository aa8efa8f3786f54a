package io.malipo.dashboard;

import io.malipo.common.ApiException;
import io.malipo.common.JsonBodies;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.Rotation;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;

/**
 * The base of the developers' pages (API keys, checkout credentials, webhook endpoints, provider
 * settings), all for Owners and Developers: the section's sub-navigation, the fresh code from the
 * member's app that handing out a key or a secret asks for, and the grace a rotation leaves the
 * replaced one, checked by the admin API's rules.
 */
abstract class DeveloperRouteBuilder extends DashboardRouteBuilder {

    protected final TeamMembers team;
    protected final JsonBodies json;

    DeveloperRouteBuilder(DashboardPages pages, TeamMembers team, JsonBodies json) {
        super(pages);
        this.team = team;
        this.json = json;
    }

    /** The signed-in member, when their role manages keys; a 403 page otherwise. */
    protected DashboardUser developer(Exchange exchange) {
        return pages.user(exchange, Permission.MANAGE_KEYS);
    }

    /**
     * What every page of the section shows: the member, which sub-page the sub-navigation marks,
     * whether the member can give a fresh code, no problems with the form yet; then the page's own.
     */
    protected Map<String, Object> page(DashboardUser user, String subPage, Map<String, Object> extra) {
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("subPage", subPage);
        page.put("problems", Map.of());
        page.put("twoFactors", team.find(user.id()).map(TeamMember::hasTwoFactors).orElse(false));
        page.putAll(extra);
        return page;
    }

    /**
     * Null when the form's code (from the member's authenticator app, or a recovery code) is right
     * and unused; it is then used up, so a form sent twice hands out one secret. Otherwise the
     * message key to show next to the code.
     */
    protected String freshCodeProblem(DashboardUser user, Map<String, String> form) {
        return pages.freshCodeProblem(team.find(user.id()).orElseThrow(), form.get("code"), "keys.error.two-factors");
    }

    /**
     * The page that rotates a token-API key (kind "key") or a checkout credential's secret (kind
     * "credential"): its form, or, once the credential has ended, why it cannot be rotated.
     */
    protected void rotationPage(Exchange exchange, int status, String kind, String name, String action, String back,
            boolean ended, Map<String, Object> extra) {
        Map<String, Object> page = page(developer(exchange), "key".equals(kind) ? "keys" : "credentials",
                Map.of("kind", kind, "name", name, "action", action, "back", back,
                        "grace", String.valueOf(Rotation.DEFAULT_GRACE_MINUTES)));
        if (ended) {
            page.put("error", "rotate.error.ended");
        }
        page.putAll(extra);
        pages.render(exchange, status, "dashboard/developers-rotate", page);
    }

    /** Shows the rotation page again, with a status and what to add to it (a problem, the grace typed). */
    @FunctionalInterface
    protected interface RotationPage {
        void render(int status, Map<String, Object> extra);
    }

    /**
     * Rotates one of the merchant's credentials (a token-API key or a checkout secret) as the
     * posted form asks: its grace, by the admin API's rules, and a fresh code first, then the
     * merchant package's endpoint. The answer holds the new secret, shown once; null when the page
     * was shown again saying what is wrong.
     */
    protected <V> V rotate(Exchange exchange, DashboardUser user, String endpoint, UUID id, Class<V> answer,
            RotationPage again) {
        Map<String, String> form = DashboardPages.form(exchange);
        Rotation grace = grace(form.get("grace"));
        if (grace == null) {
            again.render(400, Map.of("grace", form.getOrDefault("grace", ""),
                    "problems", Map.of("grace", FieldProblem.of("rotate.error.grace"))));
            return null;
        }
        String code = freshCodeProblem(user, form);
        if (code != null) {
            again.render(400, Map.of("grace", String.valueOf(grace.grace()),
                    "problems", Map.of("code", FieldProblem.of(code))));
            return null;
        }
        try {
            return pages.call(endpoint, e -> {
                e.setProperty(MerchantRoutes.CREDENTIAL_ID, id);
                e.getIn().setBody(grace);
            }, answer);
        } catch (ApiException refused) {
            // Revoked, expired or rotated by someone else since the page was shown.
            again.render(refused.status(), Map.of("error", "concurrent_change".equals(refused.code())
                    ? "rotate.error.changed" : "rotate.error.ended"));
            return null;
        }
    }

    /** What a rotation's page says of the replaced secret: when it stops working, or empty when it stopped at once. */
    protected String replacedUntil(Exchange exchange, Instant rotatedAt, Instant until) {
        return until.equals(rotatedAt) ? "" : pages.time(DashboardPages.language(exchange), until);
    }

    /** A rotation's grace in whole minutes, for the audit log. */
    protected static long graceMinutes(Instant rotatedAt, Instant until) {
        return Duration.between(rotatedAt, until).toMinutes();
    }

    /**
     * The merchant and mode a call to another package is scoped by, with what names the object
     * when there is one (an endpoint's id, a provider's code); the caller may add to it.
     */
    protected static Map<String, Object> scope(DashboardUser user, String name, Object value) {
        Map<String, Object> scope = new HashMap<>();
        scope.put("merchantId", user.merchantId());
        scope.put("livemode", user.livemode());
        if (value != null) {
            scope.put(name, value);
        }
        return scope;
    }

    /** The grace of a rotation as the form gives it (60 when left empty), or null when it breaks the API's rules. */
    private Rotation grace(String text) {
        if (text == null || text.isBlank()) {
            return new Rotation(null);
        }
        try {
            Rotation rotation = new Rotation(Integer.valueOf(text.strip()));
            json.validate(rotation);
            return rotation;
        } catch (NumberFormatException | ApiException wrong) {
            return null;
        }
    }

}
