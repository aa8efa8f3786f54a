package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.channels.ChannelProperties;
import io.malipo.channels.ProviderDirectory;
import io.malipo.ledger.Balances;
import io.malipo.ledger.LedgerEndpoints;
import io.malipo.payments.PaymentFigures;
import io.malipo.payments.PaymentsEndpoints;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The home page (balances, and how collections went today and over the last 30 days, with a chart)
 * in the mode the member looks at, and the switch between test and live mode.
 */
@Component
public class DashboardHomeRoutes extends DashboardRouteBuilder {

    /** The span of the home page's figures and chart, today included. */
    static final int DAYS = 30;

    private final ProviderDirectory providers;

    public DashboardHomeRoutes(DashboardPages pages, ProviderDirectory providers) {
        super(pages);
        this.providers = providers;
    }

    @Override
    protected void routes() {
        dashboard().post("/mode").id("rest-dashboard-mode").to("direct:dashboard-mode");
        page("direct:dashboard-home", e -> home(e, 200, Map.of()));
        page("direct:dashboard-mode", this::switchMode);
    }

    private void home(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        Locale locale = DashboardPages.language(exchange);
        Balances balances = pages.call(LedgerEndpoints.BALANCES,
                Map.of("merchantId", user.merchantId(), "livemode", user.livemode()), Balances.class);
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("balances", balances.balances().stream()
                .map(b -> Map.of("currency", b.currency(), "available", DashboardPages.money(locale, null,
                        b.available()), "pending", DashboardPages.money(locale, null, b.pending())))
                .toList());
        PaymentFigures figures = pages.call(PaymentsEndpoints.FIGURES, PaymentFigures.Query.lastDays(
                user.merchantId(), user.livemode(), DAYS, pages.now(), pages.zone()), PaymentFigures.class);
        page.put("figures", HomeFigures.of(figures, pages.now().atZone(pages.zone()).toLocalDate(), DAYS, locale,
                code -> providers.find(code).map(ChannelProperties.Provider::name).orElse(code)));
        page.put("days", DAYS);
        pages.render(exchange, status, "dashboard/home", page);
    }

    /**
     * Test or live: every page then shows that mode's objects. Live mode opens once Malipo has
     * verified the merchant; until then the home page says so.
     */
    private void switchMode(Exchange exchange) {
        DashboardUser user = pages.user(exchange);
        boolean live = "live".equals(DashboardPages.form(exchange).get("mode"));
        if (live && !user.merchantVerified()) {
            home(exchange, 409, Map.of("error", "mode.error.unverified"));
            return;
        }
        DashboardPages.keep(exchange, user.inMode(live));
        String back = DashboardPages.form(exchange).getOrDefault("back", "/dashboard");
        // Only back to a page of the dashboard itself (never another host, never a form's action).
        seeOther(exchange, DashboardPages.section(back));
    }
}
