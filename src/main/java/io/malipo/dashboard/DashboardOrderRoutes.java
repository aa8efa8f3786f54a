package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.channels.ProviderDirectory;
import io.malipo.checkout.CheckoutEndpoints;
import io.malipo.checkout.ListedOrder;
import io.malipo.checkout.MerchantOrder;
import io.malipo.checkout.OrderDetails;
import io.malipo.checkout.OrderSearch;
import io.malipo.checkout.OrderStatus;
import io.malipo.common.ApiException;
import io.malipo.common.KeysetPages;
import io.malipo.common.Msisdn;
import io.malipo.payments.PaymentView;
import io.malipo.payments.PaymentsEndpoints;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The merchant's checkout orders: a list filtered by status and searched by order_id, an
 * order's page with its attempts, and cancelling an order still waiting for its payment, through
 * the same code as the checkout API's cancel-order.
 */
@Component
public class DashboardOrderRoutes extends DashboardRouteBuilder {

    static final int PAGE = 50;
    /** Why the checkout package refuses a cancel, each with its own words (others get the general ones). */
    private static final Set<String> REFUSALS = Set.of("order_completed", "payment_in_progress", "order_closed",
            "order_expired");

    private final ProviderDirectory providers;

    public DashboardOrderRoutes(DashboardPages pages, ProviderDirectory providers) {
        super(pages);
        this.providers = providers;
    }

    @Override
    protected void routes() {
        dashboard().get("/orders").id("rest-dashboard-orders").to("direct:dashboard-orders")
                .get("/orders/{id}").id("rest-dashboard-order").to("direct:dashboard-order")
                .post("/orders/{id}/cancel").id("rest-dashboard-order-cancel").to("direct:dashboard-order-cancel");
        page("direct:dashboard-orders", this::orders);
        page("direct:dashboard-order", e -> order(e, 200, Map.of()));
        page("direct:dashboard-order-cancel", this::cancel);
    }

    /** One page of the merchant's orders of this mode, newest first, narrowed by status and order_id. */
    @SuppressWarnings("unchecked")
    private void orders(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        Locale locale = DashboardPages.language(exchange);
        Filters filters = new Filters(parameter(exchange, "status"), parameter(exchange, "q"),
                parameter(exchange, "before"));
        Map<String, String> problems = filters.problems();
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("filters", filters);
        page.put("problems", problems);
        page.put("statuses", OrderStatus.values());
        if (!problems.isEmpty()) {
            page.put("orders", List.of());
            pages.render(exchange, 400, "dashboard/orders", page);
            return;
        }
        List<ListedOrder> found = pages.call(CheckoutEndpoints.ORDERS_PAGE, new OrderSearch(user.merchantId(),
                user.livemode(), filters.status().isEmpty() ? null : OrderStatus.valueOf(filters.status()),
                filters.q().isEmpty() ? null : filters.q(),
                filters.before().isEmpty() ? Long.MAX_VALUE : Long.parseLong(filters.before()), PAGE + 1), List.class);
        page.put("orders", found.stream().limit(PAGE).map(o -> Map.of("order", o,
                "created", pages.time(locale, o.createdAt()),
                "amount", DashboardPages.money(locale, o.currency(), o.amount()),
                "phone", o.buyerPhone() == null ? "" : Msisdn.readable(o.buyerPhone()))).toList());
        String next = KeysetPages.nextBefore(found, PAGE);
        page.put("older", next == null ? null : "/dashboard/orders?" + filters.query() + "before=" + next);
        pages.render(exchange, 200, "dashboard/orders", page);
    }

    /** An order with each payment made for it; a cancel button while it waits for its payment. */
    @SuppressWarnings("unchecked")
    private void order(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        OrderDetails order = find(exchange, user);
        Locale locale = DashboardPages.language(exchange);
        List<PaymentView> attempts = pages.call(PaymentsEndpoints.ORDER_VIEWS, Map.of("orderId", order.orderId(),
                "merchantId", user.merchantId(), "livemode", user.livemode()), List.class);
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("order", order);
        page.put("amount", DashboardPages.money(locale, order.currency(), order.amount()));
        page.put("created", pages.time(locale, order.createdAt()));
        page.put("expires", pages.time(locale, order.expiresAt()));
        page.put("phone", order.buyerPhone() == null ? "" : Msisdn.readable(order.buyerPhone()));
        page.put("cancellable", order.paymentStatus() == OrderStatus.PENDING && user.can(Permission.CANCEL_ORDERS.name()));
        page.put("done", "cancelled".equals(parameter(exchange, "done")));
        page.put("attempts", attempts.stream().map(p -> Map.of("payment", p,
                "at", pages.time(locale, p.createdAt()),
                "provider", p.provider() == null ? "" : providers.find(p.provider()).map(v -> v.name())
                        .orElse(p.provider()),
                "payer", p.msisdn() == null ? "" : Msisdn.readable(p.msisdn()))).toList());
        pages.render(exchange, status, "dashboard/order", page);
    }

    /**
     * Cancels the order (CANCELLED), as cancel-order does: only while it waits for its payment.
     * A refusal is shown on the order's page with the status the checkout API answers with.
     */
    private void cancel(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.CANCEL_ORDERS);
        OrderDetails order = find(exchange, user);
        boolean cancelled;
        try {
            cancelled = pages.call(CheckoutEndpoints.CANCEL_ORDER, new MerchantOrder(user.merchantId(),
                    user.livemode(), order.id()), Boolean.class);
        } catch (ApiException refused) {
            if (refused.status() == 404) {
                throw new DashboardPages.NotFound(user);
            }
            order(exchange, refused.status(), Map.of("error", "orders.cancel.error."
                    + (REFUSALS.contains(refused.code()) ? refused.code() : "other")));
            return;
        }
        if (cancelled) {
            pages.audit(exchange, user, "order_cancelled", order.orderId());
        }
        seeOther(exchange, "/dashboard/orders/" + order.id() + "?done=cancelled");
    }

    /** The order the path names, when it is the merchant's in this mode; the 404 page otherwise. */
    private OrderDetails find(Exchange exchange, DashboardUser user) {
        UUID id = DashboardPages.pathId(exchange);
        OrderDetails order = id == null ? null : pages.call(CheckoutEndpoints.ORDER_DETAILS,
                new MerchantOrder(user.merchantId(), user.livemode(), id), OrderDetails.class);
        if (order == null) {
            throw new DashboardPages.NotFound(user);
        }
        return order;
    }

    private static String parameter(Exchange exchange, String name) {
        String value = exchange.getIn().getHeader(name, String.class);
        return value == null ? "" : value.strip();
    }

    /**
     * The list's filters as its form sends them (each empty when not set).
     *
     * @param q the merchant's order_id, matched exactly
     * @param before the position the page starts below (from the previous page's "older" link)
     */
    public record Filters(String status, String q, String before) {

        /** What is wrong, by filter, as message keys; empty when the list may be read. */
        Map<String, String> problems() {
            Map<String, String> problems = new LinkedHashMap<>();
            if (!status.isEmpty() && Arrays.stream(OrderStatus.values()).noneMatch(s -> s.name().equals(status))) {
                problems.put("status", "orders.error.status");
            }
            if (q.length() > 64) {
                problems.put("q", "orders.error.search");
            }
            if (!before.matches("[0-9]{0,18}")) {
                problems.put("before", "orders.error.before");
            }
            return problems;
        }

        /** Whether a filter narrows the list. */
        public boolean narrowed() {
            return !status.isEmpty() || !q.isEmpty();
        }

        /** The filters set, each followed by '&', for the next page's link. */
        String query() {
            return (status.isEmpty() ? "" : "status=" + status + "&")
                    + (q.isEmpty() ? "" : "q=" + URLEncoder.encode(q, StandardCharsets.UTF_8) + "&");
        }
    }
}
