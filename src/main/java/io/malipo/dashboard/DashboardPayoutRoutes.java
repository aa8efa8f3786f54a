package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.channels.ChannelEndpoints;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.ProviderView;
import io.malipo.checkout.CheckoutProperties;
import io.malipo.common.ApiException;
import io.malipo.common.FieldError;
import io.malipo.common.KeysetPages;
import io.malipo.common.Msisdn;
import io.malipo.common.RandomTokens;
import io.malipo.ledger.Balances;
import io.malipo.ledger.LedgerEndpoints;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import io.malipo.payments.FeeQuote;
import io.malipo.payments.NewPayout;
import io.malipo.payments.PaymentsEndpoints;
import io.malipo.payments.PayoutView;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * Payouts: the merchant's list, and a payout made in two steps. The preview shows the fee and
 * the total the balance gives, as FEE_QUOTE prices it for settlement, under a reference chosen
 * then; the confirm, with a fresh code, goes through the same code as POST /api/v1/payouts under
 * that reference, so a confirm sent twice finds the payout its first made instead of making another.
 */
@Component
public class DashboardPayoutRoutes extends DashboardRouteBuilder {

    static final int PAGE = 50;
    private static final String REFERENCE = "DASH-[0-9A-Z]{16}";
    /** Why the payments package refuses a payout, each with its own words (others get the general ones). */
    private static final Set<String> REFUSALS = Set.of("insufficient_balance", "provider_unavailable",
            "provider_disabled", "amount_out_of_range", "currency_not_supported", "reference_reused");

    private final TeamMembers team;
    private final ProviderDirectory providers;
    private final String region;

    public DashboardPayoutRoutes(DashboardPages pages, TeamMembers team, ProviderDirectory providers,
            CheckoutProperties checkout) {
        super(pages);
        this.team = team;
        this.providers = providers;
        this.region = checkout.qrCountryCode();
    }

    @Override
    protected void routes() {
        dashboard().get("/payouts").id("rest-dashboard-payouts").to("direct:dashboard-payouts")
                .post("/payouts/preview").id("rest-dashboard-payout-preview").to("direct:dashboard-payout-preview")
                .post("/payouts").id("rest-dashboard-payout-create").to("direct:dashboard-payout-create")
                .get("/payouts/{id}").id("rest-dashboard-payout").to("direct:dashboard-payout");
        page("direct:dashboard-payouts", e -> payouts(e, 200, Draft.empty(), Map.of()));
        page("direct:dashboard-payout-preview", this::preview);
        page("direct:dashboard-payout-create", this::create);
        page("direct:dashboard-payout", this::payout);
    }

    /** A page of the merchant's payouts of this mode, newest first, and the form that starts a payout. */
    @SuppressWarnings("unchecked")
    private void payouts(Exchange exchange, int status, Draft draft, Map<String, Object> extra) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        Locale locale = DashboardPages.language(exchange);
        String before = Optional.ofNullable(exchange.getIn().getHeader("before", String.class)).orElse("");
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("draft", draft);
        page.putIfAbsent("problems", Map.of());
        if (!before.isEmpty() && !before.matches("[0-9]{1,18}")) {
            page.put("error", "payouts.error.before");
            status = 400;
            before = "";
        }
        List<PayoutView> found = pages.call(PaymentsEndpoints.PAYOUT_VIEWS_PAGE, Map.of("merchantId",
                user.merchantId(), "livemode", user.livemode(), "beforeSeq",
                before.isEmpty() ? Long.MAX_VALUE : Long.parseLong(before), "limit", PAGE + 1), List.class);
        page.put("payouts", found.stream().limit(PAGE).map(p -> shown(locale, p)).toList());
        String next = KeysetPages.nextBefore(found, PAGE);
        page.put("older", next == null ? null : "/dashboard/payouts?before=" + next);
        if (user.can(Permission.PAY_OUT.name())) {
            Options options = options(user);
            page.put("currencies", options.currencies());
            page.put("providers", options.providers());
            page.put("available", options.balances().balances().stream().map(b -> DashboardPages.money(locale,
                    b.currency(), b.available())).toList());
        }
        pages.render(exchange, status, "dashboard/payouts", page);
    }

    /** One payout; after a confirm, whether it was just made or had been made by an earlier one. */
    private void payout(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.SEE_PAYMENTS);
        PayoutView payout = DashboardPages.pathId(exchange) == null ? null : pages.call(PaymentsEndpoints.PAYOUT_VIEW,
                Map.of("payoutId", DashboardPages.pathId(exchange), "merchantId", user.merchantId(), "livemode",
                        user.livemode()), PayoutView.class);
        if (payout == null) {
            throw new DashboardPages.NotFound(user);
        }
        String sent = exchange.getIn().getHeader("sent", String.class);
        pages.render(exchange, 200, "dashboard/payout", Map.of("user", user,
                "shown", shown(DashboardPages.language(exchange), payout),
                "sent", "new".equals(sent) || "again".equals(sent) ? sent : ""));
    }

    /** Step 1 checked: the fee, the total and the balance it comes from, or the form again with what is wrong. */
    private void preview(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.PAY_OUT);
        Draft draft = Draft.of(DashboardPages.form(exchange));
        Options options = options(user);
        Map<String, String> problems = draft.problems(options, region);
        if (!problems.isEmpty()) {
            payouts(exchange, 400, draft, Map.of("problems", problems));
            return;
        }
        Optional<FeeQuote> quote = quote(exchange, user, draft, options);
        if (quote.isEmpty()) {
            return;
        }
        BigDecimal available = options.available(draft.currency());
        if (available.compareTo(quote.get().amount().add(quote.get().fee())) < 0) {
            Locale locale = DashboardPages.language(exchange);
            payouts(exchange, 400, draft, Map.of("problems", Map.of("amount", "payouts.error.balance"),
                    "short", Map.of("available", DashboardPages.money(locale, draft.currency(), available),
                            "total", DashboardPages.money(locale, draft.currency(),
                                    quote.get().amount().add(quote.get().fee())))));
            return;
        }
        // Chosen now, so that however often the confirm below is sent, it names this one payout.
        confirmation(exchange, 200, user, draft, quote.get(), "DASH-" + RandomTokens.crockford(16), available, null);
    }

    /**
     * Step 2: with a fresh code, the payout goes out under the preview's reference. A confirm
     * that arrives again (a double click, a reload) finds the payout the first made and shows it.
     */
    private void create(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.PAY_OUT);
        Map<String, String> form = DashboardPages.form(exchange);
        Draft draft = Draft.of(form);
        if ("change".equals(form.get("action"))) {
            payouts(exchange, 200, draft, Map.of());
            return;
        }
        Options options = options(user);
        Map<String, String> problems = draft.problems(options, region);
        String reference = form.getOrDefault("reference", "");
        if (!problems.isEmpty() || !reference.matches(REFERENCE)) {
            payouts(exchange, 400, draft, Map.of("problems", problems, "error", "payouts.error.again"));
            return;
        }
        if (alreadySent(exchange, user, reference)) {
            return;
        }
        Optional<FeeQuote> quote = quote(exchange, user, draft, options);
        if (quote.isEmpty()) {
            return;
        }
        BigDecimal available = options.available(draft.currency());
        if (!quote.get().fee().toPlainString().equals(form.get("fee"))) {
            confirmation(exchange, 409, user, draft, quote.get(), reference, available, "payouts.error.fee-changed");
            return;
        }
        TeamMember member = team.find(user.id()).orElseThrow();
        String codeProblem = pages.freshCodeProblem(member, form.get("code"), "payouts.error.two-factors");
        if (codeProblem != null) {
            // A confirm sent twice at once spends the code once; the other finds the payout it made.
            if (!alreadySent(exchange, user, reference)) {
                confirmation(exchange, 400, user, draft, quote.get(), reference, available, codeProblem);
            }
            return;
        }
        PayoutView payout;
        try {
            payout = pages.call(PaymentsEndpoints.PAYOUT_CREATE, new NewPayout(user.merchantId(), user.livemode(),
                    draft.amountValue(), draft.currency(), draft.number(region), draft.providerOrNull(), reference,
                    draft.description().isEmpty() ? null : draft.description()), PayoutView.class);
        } catch (ApiException refused) {
            if ("reference_reused".equals(refused.code()) && alreadySent(exchange, user, reference)) {
                return;
            }
            // Nothing was taken or sent: the page says why, as a refusal of this request (never a 5xx page).
            confirmation(exchange, refused.status() < 500 ? refused.status() : 409, user, draft, quote.get(),
                    reference, options(user).available(draft.currency()), "payouts.refused."
                            + (REFUSALS.contains(refused.code()) ? refused.code() : "other"));
            return;
        }
        pages.audit(exchange, user, "payout_created", payout.reference() + " " + payout.currency() + " "
                + payout.amount().toPlainString());
        seeOther(exchange, "/dashboard/payouts/" + payout.id() + "?sent=new");
    }

    /** Shows the payout made under this reference, if there is one: the confirm was sent before. */
    private boolean alreadySent(Exchange exchange, DashboardUser user, String reference) {
        PayoutView earlier = pages.call(PaymentsEndpoints.PAYOUT_VIEW_BY_REFERENCE, Map.of("reference", reference,
                "merchantId", user.merchantId(), "livemode", user.livemode()), PayoutView.class);
        if (earlier == null) {
            return false;
        }
        seeOther(exchange, "/dashboard/payouts/" + earlier.id() + "?sent=again");
        return true;
    }

    /**
     * The fee as settlement will charge it, by the provider the payout will go to; empty when it
     * cannot be priced, with the form shown again and the field at fault named.
     */
    private Optional<FeeQuote> quote(Exchange exchange, DashboardUser user, Draft draft, Options options) {
        Map<String, Object> query = new HashMap<>();
        query.put("kind", "PAYOUT");
        query.put("amount", draft.amountValue());
        query.put("currency", draft.currency());
        query.put("msisdn", draft.number(region));
        query.put("provider", draft.providerOrNull());
        try {
            return Optional.of(pages.call(PaymentsEndpoints.FEE_QUOTE, query, FeeQuote.class));
        } catch (ApiException refused) {
            Map<String, String> problems = new LinkedHashMap<>();
            for (FieldError field : refused.fieldErrors()) {
                problems.put("msisdn".equals(field.field()) ? "msisdn" : "provider",
                        "msisdn".equals(field.field()) ? "payouts.error.no-provider" : "payouts.error.provider");
            }
            if ("currency_not_supported".equals(refused.code())) {
                problems.put("currency", "payouts.error.currency-provider");
            }
            payouts(exchange, 400, draft, problems.isEmpty() ? Map.of("error", "payouts.refused.other")
                    : Map.of("problems", problems));
            return Optional.empty();
        }
    }

    /** Step 2's page: what will leave the balance, the confirm with a code, and a way back to change it. */
    private void confirmation(Exchange exchange, int status, DashboardUser user, Draft draft, FeeQuote quote,
            String reference, BigDecimal available, String error) {
        Locale locale = DashboardPages.language(exchange);
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("draft", draft);
        page.put("reference", reference);
        page.put("amount", quote.amount().toPlainString());
        page.put("fee", quote.fee().toPlainString());
        page.put("number", draft.number(region));
        page.put("preview", Map.of(
                "amount", DashboardPages.money(locale, quote.currency(), quote.amount()),
                "fee", DashboardPages.money(locale, quote.currency(), quote.fee()),
                "total", DashboardPages.money(locale, quote.currency(), quote.amount().add(quote.fee())),
                "available", DashboardPages.money(locale, quote.currency(), available),
                "after", DashboardPages.money(locale, quote.currency(),
                        available.subtract(quote.amount()).subtract(quote.fee()).max(BigDecimal.ZERO)),
                "number", Msisdn.readable(draft.number(region)),
                "provider", providerName(quote.provider())));
        page.put("twoFactors", team.find(user.id()).map(TeamMember::hasTwoFactors).orElse(false));
        if (error != null) {
            page.put("error", error);
        }
        pages.render(exchange, status, "dashboard/payouts", page);
    }

    /** A payout as the list and its page show it. */
    private Map<String, Object> shown(Locale locale, PayoutView payout) {
        Map<String, Object> shown = new HashMap<>();
        shown.put("payout", payout);
        shown.put("created", pages.time(locale, payout.createdAt()));
        shown.put("updated", pages.time(locale, payout.updatedAt()));
        shown.put("amount", DashboardPages.money(locale, payout.currency(), payout.amount()));
        shown.put("fee", DashboardPages.money(locale, payout.currency(), payout.fee()));
        shown.put("total", DashboardPages.money(locale, payout.currency(), payout.amount().add(payout.fee())));
        shown.put("number", Msisdn.readable(payout.msisdn()));
        shown.put("provider", providerName(payout.provider()));
        return shown;
    }

    private String providerName(String code) {
        return providers.find(code).map(provider -> provider.name()).orElse(code);
    }

    /**
     * What a payout may be made in: the currencies the merchant holds a balance in (TZS when it
     * has none yet) and the mobile-money providers turned on for it in this mode.
     */
    @SuppressWarnings("unchecked")
    private Options options(DashboardUser user) {
        Map<String, Object> merchant = Map.of("merchantId", user.merchantId(), "livemode", user.livemode());
        Balances balances = pages.call(LedgerEndpoints.BALANCES, merchant, Balances.class);
        List<ProviderView> wallets = ((List<ProviderView>) pages.call(ChannelEndpoints.PROVIDERS_LIST, merchant,
                List.class)).stream().filter(p -> "WALLET_PULL".equals(p.channel()) && "ENABLED".equals(p.status()))
                .toList();
        List<String> currencies = balances.balances().stream().map(Balances.Balance::currency).toList();
        return new Options(balances, currencies.isEmpty() ? List.of(Draft.CURRENCY) : currencies, wallets);
    }

    /** The choices the payout form offers, and the balances they draw on. */
    record Options(Balances balances, List<String> currencies, List<ProviderView> providers) {

        BigDecimal available(String currency) {
            return balances.balances().stream().filter(b -> b.currency().equals(currency))
                    .map(Balances.Balance::available).findFirst().orElse(BigDecimal.ZERO);
        }
    }

    /**
     * A payout as its form sends it, as typed (each empty when not given).
     *
     * @param msisdn the payee's number as typed: in the region's own way or with the country prefix
     * @param provider the provider's code, or empty for the one that serves the number
     */
    public record Draft(String amount, String currency, String msisdn, String provider, String description) {

        static final String CURRENCY = "TZS";

        static Draft empty() {
            return new Draft("", CURRENCY, "", "", "");
        }

        static Draft of(Map<String, String> form) {
            return new Draft(field(form, "amount"), field(form, "currency"), field(form, "msisdn"),
                    field(form, "provider"), field(form, "description"));
        }

        private static String field(Map<String, String> form, String name) {
            return form.getOrDefault(name, "").strip();
        }

        /** What is wrong, by field, as message keys; empty when the payout may be priced. */
        Map<String, String> problems(Options options, String region) {
            Map<String, String> problems = new LinkedHashMap<>();
            if (amountValue() == null) {
                problems.put("amount", "payouts.error.amount");
            }
            if (!options.currencies().contains(currency)) {
                problems.put("currency", "payouts.error.currency");
            }
            if (Msisdn.fromTyped(msisdn, region).isEmpty()) {
                problems.put("msisdn", "payouts.error.msisdn");
            }
            if (!provider.isEmpty() && options.providers().stream().noneMatch(p -> p.code().equals(provider))) {
                problems.put("provider", "payouts.error.provider");
            }
            if (description.length() > 255) {
                problems.put("description", "payouts.error.description");
            }
            return problems;
        }

        /** The amount, when it is one the API takes: more than 0, at most 2 decimals, 15 digits before them. */
        BigDecimal amountValue() {
            try {
                BigDecimal value = new BigDecimal(amount.replace(",", ""));
                return value.signum() <= 0 || value.stripTrailingZeros().scale() > 2
                        || value.precision() - value.scale() > 15 ? null : value.setScale(2);
            } catch (NumberFormatException e) {
                return null;
            }
        }

        /** The payee's number as digits with the country prefix (once {@link #problems} found none). */
        String number(String region) {
            return Msisdn.fromTyped(msisdn, region).orElseThrow();
        }

        String providerOrNull() {
            return provider.isEmpty() ? null : provider;
        }
    }
}
