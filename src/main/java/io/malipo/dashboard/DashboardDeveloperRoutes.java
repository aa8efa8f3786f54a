package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.common.JsonBodies;
import io.malipo.merchant.ApiKeyView;
import io.malipo.merchant.CredentialStatus;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.MerchantView;
import io.malipo.merchant.NewApiKey;
import io.malipo.merchant.Scope;
import io.malipo.merchant.TeamMembers;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The developers' first page: the merchant's token-API keys of the member's mode. A key is created
 * with its scopes, an optional allow-list and expiry and a fresh code, and shown once; rotated with
 * a grace for the old one and a fresh code, the new one shown once; revoked at once. Through the
 * admin API's code, and audited.
 */
@Component
public class DashboardDeveloperRoutes extends DeveloperRouteBuilder {

    private static final String KEYS = "/dashboard/developers";

    public DashboardDeveloperRoutes(DashboardPages pages, TeamMembers team, JsonBodies json) {
        super(pages, team, json);
    }

    /**
     * A key as the list shows it.
     *
     * @param status the message key of its state, {@code at} the moment it names (expiry, revocation)
     * @param replacedUntil when the key it replaced stops working, while that is still ahead
     * @param rotatable whether it may be rotated (active and not expired)
     */
    public record KeyRow(ApiKeyView key, String status, String at, String replacedUntil, String lastUsed,
            boolean rotatable) {
    }

    @Override
    protected void routes() {
        dashboard().get("/developers").id("rest-dashboard-developers").to("direct:dashboard-developers")
                .post("/developers/keys").id("rest-dashboard-key-create").to("direct:dashboard-key-create")
                .get("/developers/keys/{id}/rotate").id("rest-dashboard-key-rotation")
                        .to("direct:dashboard-key-rotation")
                .post("/developers/keys/{id}/rotate").id("rest-dashboard-key-rotate").to("direct:dashboard-key-rotate")
                .post("/developers/keys/{id}/revoke").id("rest-dashboard-key-revoke").to("direct:dashboard-key-revoke");
        page("direct:dashboard-developers", e -> keys(e, 200, Map.of()));
        page("direct:dashboard-key-create", this::createKey);
        page("direct:dashboard-key-rotation", e -> rotation(e, 200, ownKey(e, developer(e)), Map.of()));
        page("direct:dashboard-key-rotate", this::rotateKey);
        page("direct:dashboard-key-revoke", this::revokeKey);
    }

    /** The merchant's token-API keys in the member's mode (never their secrets, except one just made). */
    private void keys(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = developer(exchange);
        Locale locale = DashboardPages.language(exchange);
        Map<String, Object> page = page(user, "keys", Map.of("form", ApiKeyForm.empty()));
        page.putAll(extra);
        page.put("keys", keys(user).stream().map(k -> row(k, locale)).toList());
        page.put("scopes", Scope.values());
        page.put("mostIps", ApiKeyForm.MOST_IPS);
        page.put("zone", pages.zone().getId());
        pages.render(exchange, status, "dashboard/developers", page);
    }

    private KeyRow row(ApiKeyView key, Locale locale) {
        Instant now = pages.now();
        boolean expired = key.expiresAt() != null && !key.expiresAt().isAfter(now);
        String status;
        Instant at = null;
        if (key.status() == CredentialStatus.REVOKED) {
            status = "keys.status.revoked";
            at = key.revokedAt();
        } else if (expired) {
            status = "keys.status.expired";
            at = key.expiresAt();
        } else if (key.expiresAt() != null) {
            status = "keys.status.expires";
            at = key.expiresAt();
        } else {
            status = "keys.status.active";
        }
        boolean replaced = key.status() == CredentialStatus.ACTIVE && key.previousValidUntil() != null
                && key.previousValidUntil().isAfter(now);
        return new KeyRow(key, status, at == null ? null : pages.time(locale, at),
                replaced ? pages.time(locale, key.previousValidUntil()) : null,
                key.lastUsedAt() == null ? null : pages.time(locale, key.lastUsedAt()),
                key.status() == CredentialStatus.ACTIVE && !expired);
    }

    /** The merchant's token-API keys of the member's mode, as the admin API reads them (never their secrets). */
    private List<ApiKeyView> keys(DashboardUser user) {
        MerchantView merchant = pages.call(MerchantEndpoints.MERCHANT_GET,
                e -> e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId()), MerchantView.class);
        return merchant.apiKeys().stream().filter(k -> k.livemode() == user.livemode()).toList();
    }

    /** The key the path names, when it is the merchant's in the member's mode; the 404 page otherwise. */
    private ApiKeyView ownKey(Exchange exchange, DashboardUser user) {
        UUID id = DashboardPages.pathId(exchange);
        return keys(user).stream().filter(k -> k.id().equals(id)).findFirst()
                .orElseThrow(() -> new DashboardPages.NotFound(user));
    }

    /**
     * A new key of the member's mode, after a fresh code from the member's app; its secret is
     * shown once. The allow-list and expiry are checked as the admin API checks them, each problem
     * shown next to its field, and nothing is stored until all are right.
     */
    private void createKey(Exchange exchange) {
        DashboardUser user = developer(exchange);
        Map<String, String> fields = DashboardPages.form(exchange);
        ApiKeyForm form = ApiKeyForm.of(fields);
        Map<String, FieldProblem> problems = new HashMap<>(form.problems(pages.zone(), pages.now()));
        if (problems.isEmpty()) {
            String code = freshCodeProblem(user, fields);
            if (code != null) {
                problems.put("code", FieldProblem.of(code));
            }
        }
        if (!problems.isEmpty()) {
            keys(exchange, 400, Map.of("problems", problems, "form", form));
            return;
        }
        ApiKeyView key = pages.call(MerchantEndpoints.API_KEY_ISSUE, e -> {
            e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId());
            e.getIn().setBody(new NewApiKey(form.name(), user.livemode(), form.scopes(), form.ipLines(),
                    form.expiresAt(pages.zone())));
        }, ApiKeyView.class);
        pages.audit(exchange, user, "api_key_created", key.keyPrefix() + " " + key.name()
                + (key.allowedIps().isEmpty() ? "" : ", " + key.allowedIps().size() + " allowed address(es)")
                + (key.expiresAt() == null ? "" : ", expires " + key.expiresAt()));
        keys(exchange, 201, Map.of("created", key));
    }

    /** The form that rotates a key, or why it cannot be rotated. */
    private void rotation(Exchange exchange, int status, ApiKeyView key, Map<String, Object> extra) {
        rotationPage(exchange, status, "key", key.name() + " (" + key.keyPrefix() + "…)", KEYS + "/keys/" + key.id()
                + "/rotate", KEYS, !row(key, DashboardPages.language(exchange)).rotatable(), extra);
    }

    /**
     * A new key in place of one of the merchant's, after a fresh code: the old one keeps working
     * for the grace given (0 ends it at once), so a back end can move to the new one first.
     */
    private void rotateKey(Exchange exchange) {
        DashboardUser user = developer(exchange);
        ApiKeyView key = ownKey(exchange, user);
        if (!row(key, DashboardPages.language(exchange)).rotatable()) {
            rotation(exchange, 409, key, Map.of());
            return;
        }
        ApiKeyView rotated = rotate(exchange, user, MerchantEndpoints.API_KEY_ROTATE, key.id(), ApiKeyView.class,
                (status, extra) -> rotation(exchange, status, key, extra));
        if (rotated == null) {
            return;
        }
        pages.audit(exchange, user, "api_key_rotated", key.keyPrefix() + " grace "
                + graceMinutes(rotated.rotatedAt(), rotated.previousValidUntil()) + " min");
        keys(exchange, 201, Map.of("rotated", rotated,
                "replacedUntil", replacedUntil(exchange, rotated.rotatedAt(), rotated.previousValidUntil())));
    }

    /** Revokes one of the merchant's keys at once (another merchant's key id is a 404). */
    private void revokeKey(Exchange exchange) {
        DashboardUser user = developer(exchange);
        ApiKeyView key = ownKey(exchange, user);
        pages.call(MerchantEndpoints.API_KEY_REVOKE, e -> e.setProperty(MerchantRoutes.CREDENTIAL_ID, key.id()),
                ApiKeyView.class);
        pages.audit(exchange, user, "api_key_revoked", key.keyPrefix());
        seeOther(exchange, KEYS);
    }
}
