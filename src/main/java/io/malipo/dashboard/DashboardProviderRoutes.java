package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.ProviderSetting;
import io.malipo.channels.ProviderSettings;
import io.malipo.channels.ProviderView;
import io.malipo.common.ApiException;
import io.malipo.common.JsonBodies;
import io.malipo.merchant.TeamMembers;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The providers Malipo collects and pays out through, with their status for the merchant in the
 * member's mode, and the merchant's settings for each (whether Malipo may use it, the amounts a
 * payment through it may be): what GET and PUT /api/v1/providers/{code}/settings manage, through
 * the same code, and audited.
 */
@Component
public class DashboardProviderRoutes extends DeveloperRouteBuilder {

    private static final String PROVIDERS = "/dashboard/developers/providers";

    private final ProviderSettings settings;

    public DashboardProviderRoutes(DashboardPages pages, TeamMembers team, JsonBodies json,
            ProviderSettings settings) {
        super(pages, team, json);
        this.settings = settings;
    }

    @Override
    protected void routes() {
        dashboard().get("/developers/providers").id("rest-dashboard-providers").to("direct:dashboard-providers")
                .get("/developers/providers/{code}").id("rest-dashboard-provider").to("direct:dashboard-provider")
                .post("/developers/providers/{code}").id("rest-dashboard-provider-change")
                        .to("direct:dashboard-provider-change");
        page("direct:dashboard-providers", this::providers);
        page("direct:dashboard-provider", e -> {
            DashboardUser user = developer(e);
            ProviderView provider = provider(e, user);
            provider(e, 200, provider, ProviderForm.of(pages.call(ChannelEndpoints.PROVIDER_SETTING_GET,
                    scope(user, "provider", provider.code()), ProviderSetting.class), provider.currencies()), Map.of());
        });
        page("direct:dashboard-provider-change", this::change);
    }

    /** Every provider with its status for the merchant in this mode. */
    private void providers(Exchange exchange) {
        DashboardUser user = developer(exchange);
        List<ProviderView> providers = providers(user);
        Map<String, Object> page = page(user, "providers", Map.of("providers", providers));
        String saved = exchange.getIn().getHeader("saved", String.class);
        page.put("saved", providers.stream().filter(p -> p.code().equals(saved)).findFirst().orElse(null));
        pages.render(exchange, 200, "dashboard/providers", page);
    }

    @SuppressWarnings("unchecked")
    private List<ProviderView> providers(DashboardUser user) {
        return pages.call(ChannelEndpoints.PROVIDERS_LIST, scope(user, "provider", null), List.class);
    }

    /** The provider the path names; the 404 page for a code Malipo does not know. */
    private ProviderView provider(Exchange exchange, DashboardUser user) {
        String code;
        try {
            code = settings.known(exchange.getIn().getHeader("code", String.class));
        } catch (ApiException unknown) {
            throw new DashboardPages.NotFound(user);
        }
        return providers(user).stream().filter(p -> p.code().equals(code)).findFirst().orElseThrow();
    }

    private void provider(Exchange exchange, int status, ProviderView provider, ProviderForm form,
            Map<String, FieldProblem> problems) {
        DashboardUser user = developer(exchange);
        pages.render(exchange, status, "dashboard/provider", page(user, "providers", Map.of("provider", provider,
                "form", form, "problems", problems)));
    }

    /**
     * Replaces the merchant's settings for the provider, as PUT /api/v1/providers/{code}/settings
     * does: the amounts are checked by the API's rules, each problem shown next to its field.
     */
    private void change(Exchange exchange) {
        DashboardUser user = developer(exchange);
        ProviderView provider = provider(exchange, user);
        ProviderForm form = ProviderForm.of(DashboardPages.form(exchange), provider.currencies());
        Map<String, FieldProblem> problems = form.problems();
        if (problems.isEmpty()) {
            try {
                json.validate(form.change());
            } catch (ApiException refused) {
                problems = atLeastOne(form.refused(refused.fieldErrors(), "providers.error.amount"));
            }
        }
        ProviderSetting saved = null;
        if (problems.isEmpty()) {
            Map<String, Object> put = scope(user, "provider", provider.code());
            put.put("change", form.change());
            try {
                saved = pages.call(ChannelEndpoints.PROVIDER_SETTING_PUT, put, ProviderSetting.class);
            } catch (ApiException refused) {
                // What the form let through and the provider's rules refuse: a minimum above the maximum.
                problems = atLeastOne(form.refused(refused.fieldErrors(), "providers.error.range"));
            }
        }
        if (!problems.isEmpty()) {
            provider(exchange, 400, provider, form, problems);
            return;
        }
        pages.audit(exchange, user, "provider_settings_changed", provider.code() + (saved.enabled() ? " on" : " off")
                + saved.limits().stream().map(l -> "; " + l.currency() + " " + bound(l.minAmount()) + "-"
                        + bound(l.maxAmount())).collect(Collectors.joining()));
        seeOther(exchange, PROVIDERS + "?saved=" + provider.code());
    }

    /** A refusal that names no field of the form is shown at the top of it. */
    private static Map<String, FieldProblem> atLeastOne(Map<String, FieldProblem> problems) {
        return problems.isEmpty() ? Map.of("enabled", FieldProblem.of("providers.error.refused")) : problems;
    }

    private static String bound(BigDecimal amount) {
        return amount == null ? "" : amount.toPlainString();
    }
}
