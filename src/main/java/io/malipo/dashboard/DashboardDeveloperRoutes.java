package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.merchant.ApiKeyView;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.MerchantView;
import io.malipo.merchant.NewApiKey;
import io.malipo.merchant.Scope;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** The developers' pages: the merchant's token-API keys, created with a fresh code and shown once, and revoked. */
@Component
public class DashboardDeveloperRoutes extends DashboardRouteBuilder {

    private final TeamMembers team;

    public DashboardDeveloperRoutes(DashboardPages pages, TeamMembers team) {
        super(pages);
        this.team = team;
    }

    @Override
    protected void routes() {
        dashboard().get("/developers").id("rest-dashboard-developers").to("direct:dashboard-developers")
                .post("/developers/keys").id("rest-dashboard-key-create").to("direct:dashboard-key-create")
                .post("/developers/keys/{id}/revoke").id("rest-dashboard-key-revoke").to("direct:dashboard-key-revoke");
        page("direct:dashboard-developers", e -> developers(e, 200, Map.of()));
        page("direct:dashboard-key-create", this::createKey);
        page("direct:dashboard-key-revoke", this::revokeKey);
    }

    /** The merchant's token-API keys in the member's mode (never their secrets, except the one just created). */
    private void developers(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_KEYS);
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("keys", keys(user));
        page.put("scopes", Scope.values());
        page.put("twoFactors", team.find(user.id()).map(TeamMember::hasTwoFactors).orElse(false));
        pages.render(exchange, status, "dashboard/developers", page);
    }

    /** The merchant's token-API keys of the member's mode, as the admin API reads them (never their secrets). */
    private List<ApiKeyView> keys(DashboardUser user) {
        MerchantView merchant = pages.call(MerchantEndpoints.MERCHANT_GET,
                e -> e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId()), MerchantView.class);
        return merchant.apiKeys().stream().filter(k -> k.livemode() == user.livemode()).toList();
    }

    /** A new key of the member's mode, after a fresh code from the member's app; its secret is shown once. */
    private void createKey(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_KEYS);
        Map<String, String> form = DashboardPages.form(exchange);
        String name = form.getOrDefault("name", "").strip();
        List<String> scopes = Arrays.stream(Scope.values()).map(Scope::value)
                .filter(scope -> "on".equals(form.get("scope." + scope))).toList();
        String problem = name.isEmpty() || name.length() > 100 ? "keys.error.name"
                : scopes.isEmpty() ? "keys.error.scopes" : null;
        TeamMember member = team.find(user.id()).orElseThrow();
        if (problem == null && !team.secondFactor(member, form.get("code"))) {
            problem = member.hasTwoFactors() ? "code.error" : "keys.error.two-factors";
        }
        if (problem != null) {
            developers(exchange, 400, Map.of("error", problem, "name", name));
            return;
        }
        ApiKeyView key = pages.call(MerchantEndpoints.API_KEY_ISSUE, e -> {
            e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId());
            e.getIn().setBody(new NewApiKey(name, user.livemode(), scopes, List.of(), null));
        }, ApiKeyView.class);
        pages.audit(exchange, user, "api_key_created", key.keyPrefix() + " " + name);
        developers(exchange, 201, Map.of("created", key));
    }

    /** Revokes one of the merchant's keys at once (another merchant's key id is a 404). */
    private void revokeKey(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_KEYS);
        String id = exchange.getIn().getHeader("id", String.class);
        Optional<ApiKeyView> key = keys(user).stream().filter(k -> k.id().toString().equals(id)).findFirst();
        if (key.isEmpty()) {
            developers(exchange, 404, Map.of("error", "keys.error.unknown"));
            return;
        }
        pages.call(MerchantEndpoints.API_KEY_REVOKE, e -> e.setProperty(MerchantRoutes.CREDENTIAL_ID, key.get().id()),
                ApiKeyView.class);
        pages.audit(exchange, user, "api_key_revoked", key.get().keyPrefix());
        seeOther(exchange, "/dashboard/developers");
    }
}
