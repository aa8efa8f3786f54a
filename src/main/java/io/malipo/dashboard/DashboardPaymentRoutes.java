package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.answer;

import io.malipo.channels.Channel;
import io.malipo.common.KeysetPages;
import io.malipo.common.Msisdn;
import io.malipo.payments.PaymentStatus;
import io.malipo.payments.PaymentView;
import io.malipo.payments.PaymentsEndpoints;
import java.math.BigDecimal;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.camel.Exchange;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/** The payments of both APIs in one list, filtered, searched and paged, and the same list as a CSV file. */
@Component
public class DashboardPaymentRoutes extends DashboardRouteBuilder {

    private static final List<String> CSV_COLUMNS = List.of("created", "id", "status", "amount", "fee", "currency",
            "channel", "provider", "reference", "gateway-reference", "provider-reference", "order", "payer",
            "failure-code", "refunded");

    /** The longest a CSV export may take to write: a few million payments. */
    static final Duration EXPORT_TIMEOUT = Duration.ofHours(1);

    private final PaymentPageModel model;
    private final MessageSource words;

    public DashboardPaymentRoutes(DashboardPages pages, PaymentPageModel model, MessageSource words) {
        super(pages);
        this.model = model;
        this.words = words;
    }

    @Override
    protected void routes() {
        dashboard().get("/payments").id("rest-dashboard-payments").to("direct:dashboard-payments")
                .get("/payments.csv").id("rest-dashboard-payments-csv").to("direct:dashboard-payments-csv");
        page("direct:dashboard-payments", e -> filtered(e, this::payments));
        page("direct:dashboard-payments-csv", e -> filtered(e, this::csv));
    }

    /** What answers a list, once the member may see payments and every filter is right. */
    private interface Listing {
        void answer(Exchange exchange, DashboardUser user, PaymentFilters filters, Locale locale);
    }

    /** Checks the member and the filters: a wrong filter answers the list page with its message beside it (400). */
    private void filtered(Exchange exchange, Listing listing) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        PaymentFilters filters = PaymentFilters.of(name -> exchange.getIn().getHeader(name, String.class));
        if (!filters.problems().isEmpty()) {
            Map<String, Object> page = page(user, filters);
            page.put("payments", List.of());
            pages.render(exchange, 400, "dashboard/payments", page);
            return;
        }
        listing.answer(exchange, user, filters, DashboardPages.language(exchange));
    }

    /** One page of the merchant's payments, from both APIs, newest first, narrowed by the filters. */
    @SuppressWarnings("unchecked")
    private void payments(Exchange exchange, DashboardUser user, PaymentFilters filters, Locale locale) {
        Map<String, Object> page = page(user, filters);
        List<PaymentView> found = pages.call(PaymentsEndpoints.VIEWS_SEARCH,
                filters.search(user.merchantId(), user.livemode(), pages.zone()), List.class);
        page.put("payments", found.stream().limit(PaymentFilters.PAGE).map(p -> Map.of("payment", p,
                "amount", DashboardPages.money(locale, p.currency(), p.amount()),
                "created", pages.time(locale, p.createdAt()),
                "method", model.method(p), "payer", p.msisdn() == null ? "" : Msisdn.readable(p.msisdn()))).toList());
        String next = KeysetPages.nextBefore(found, PaymentFilters.PAGE);
        page.put("older", next == null ? null : "/dashboard/payments?" + filters.query()
                + (filters.query().isEmpty() ? "" : "&") + "before=" + next);
        pages.render(exchange, 200, "dashboard/payments", page);
    }

    /**
     * Every payment the filters find, as a CSV file, written as it is read: a batch at a time,
     * whatever the number of payments.
     */
    @SuppressWarnings("unchecked")
    private void csv(Exchange exchange, DashboardUser user, PaymentFilters filters, Locale locale) {
        PaymentsCsv file = new PaymentsCsv(
                CSV_COLUMNS.stream().map(c -> words.getMessage("csv." + c, null, locale)).toList(),
                filters.startBefore(),
                before -> pages.call(PaymentsEndpoints.VIEWS_SEARCH, filters.search(user.merchantId(), user.livemode(),
                        pages.zone(), before, PaymentsCsv.BATCH), List.class),
                this::cells);
        String day = LocalDate.ofInstant(pages.now(), pages.zone()).toString();
        answer(exchange, 200, "text/csv; charset=UTF-8", "no-store", new byte[0]);
        exchange.getMessage().setHeader("Content-Disposition",
                "attachment; filename=\"malipo-payments-" + user.mode() + "-" + day + ".csv\"");
        exchange.getMessage().setBody(file);
        // The file is written while the request is still open, batch by batch: a million payments
        // take longer than the 30 s a request handed to the pool may take (spring.mvc.async.request-timeout).
        HttpServletRequest request = DashboardPages.request(exchange);
        if (request.isAsyncStarted()) {
            request.getAsyncContext().setTimeout(EXPORT_TIMEOUT.toMillis());
        }
    }

    /** A payment's cells, in {@link #CSV_COLUMNS}' order: as a program reads them (plain numbers, ISO times). */
    private List<String> cells(PaymentView p) {
        return Arrays.asList(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                        p.createdAt().truncatedTo(ChronoUnit.SECONDS).atZone(pages.zone())),
                p.id().toString(), p.status(), plain(p.amount()), plain(p.fee()), p.currency(), p.channel(),
                model.method(p), p.reference(), p.gatewayReference(), p.providerReference(), p.orderId(), p.msisdn(),
                p.failureCode(), plain(p.amountReversed()));
    }

    private static String plain(BigDecimal amount) {
        return amount == null ? null : amount.toPlainString();
    }

    private static Map<String, Object> page(DashboardUser user, PaymentFilters filters) {
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("filters", filters);
        page.put("problems", filters.problems());
        page.put("statuses", PaymentStatus.values());
        page.put("channels", Channel.values());
        page.put("csv", "/dashboard/payments.csv" + (filters.query().isEmpty() ? "" : "?" + filters.query()));
        return page;
    }
}
