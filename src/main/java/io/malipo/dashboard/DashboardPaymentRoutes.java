package io.malipo.dashboard;

import io.malipo.channels.Channel;
import io.malipo.channels.ProviderDirectory;
import io.malipo.common.KeysetPages;
import io.malipo.common.Msisdn;
import io.malipo.payments.PaymentStatus;
import io.malipo.payments.PaymentView;
import io.malipo.payments.PaymentsEndpoints;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** The payments of both APIs in one list, filtered, searched and paged. */
@Component
public class DashboardPaymentRoutes extends DashboardRouteBuilder {

    private final ProviderDirectory providers;

    public DashboardPaymentRoutes(DashboardPages pages, ProviderDirectory providers) {
        super(pages);
        this.providers = providers;
    }

    @Override
    protected void routes() {
        dashboard().get("/payments").id("rest-dashboard-payments").to("direct:dashboard-payments");
        page("direct:dashboard-payments", this::payments);
    }

    /** One page of the merchant's payments, from both APIs, newest first, narrowed by the filters. */
    @SuppressWarnings("unchecked")
    private void payments(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        Locale locale = DashboardPages.language(exchange);
        PaymentFilters filters = PaymentFilters.of(name -> exchange.getIn().getHeader(name, String.class));
        Map<String, String> problems = filters.problems();
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("filters", filters);
        page.put("problems", problems);
        page.put("statuses", PaymentStatus.values());
        page.put("channels", Channel.values());
        if (!problems.isEmpty()) {
            page.put("payments", List.of());
            pages.render(exchange, 400, "dashboard/payments", page);
            return;
        }
        List<PaymentView> found = pages.call(PaymentsEndpoints.VIEWS_SEARCH,
                filters.search(user.merchantId(), user.livemode(), pages.zone()), List.class);
        page.put("payments", found.stream().limit(PaymentFilters.PAGE).map(p -> Map.of("payment", p,
                "amount", DashboardPages.money(locale, p.currency(), p.amount()),
                "created", pages.time(locale, p.createdAt()),
                "method", method(p), "payer", p.msisdn() == null ? "" : Msisdn.readable(p.msisdn()))).toList());
        String next = KeysetPages.nextBefore(found, PaymentFilters.PAGE);
        page.put("older", next == null ? null : "/dashboard/payments?" + filters.query()
                + (filters.query().isEmpty() ? "" : "&") + "before=" + next);
        pages.render(exchange, 200, "dashboard/payments", page);
    }

    /** The provider's name, or the channel for payments no provider has yet. */
    private String method(PaymentView payment) {
        return payment.provider() == null ? payment.channel()
                : providers.find(payment.provider()).map(provider -> provider.name()).orElse(payment.provider());
    }
}
