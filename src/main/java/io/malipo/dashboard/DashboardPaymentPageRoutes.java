package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.common.ApiException;
import io.malipo.common.RandomTokens;
import io.malipo.delivery.DeliveryEndpoints;
import io.malipo.delivery.DeliveryRoutes;
import io.malipo.delivery.DeliveryTrail;
import io.malipo.delivery.DeliveryView;
import io.malipo.ledger.LedgerEndpoints;
import io.malipo.ledger.LedgerEntry;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import io.malipo.payments.NewReversal;
import io.malipo.payments.PaymentReversal;
import io.malipo.payments.PaymentTimeline;
import io.malipo.payments.PaymentsEndpoints;
import io.malipo.payments.ReversalView;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * A payment's page: its facts and its timeline, a refund with a fresh code (a form sent twice
 * refunds once), and sending one of its deliveries again.
 */
@Component
public class DashboardPaymentPageRoutes extends DashboardRouteBuilder {

    /** The key a refund form carries: chosen when the form is shown, kept on the reversal it makes. */
    private static final String KEY = "[0-9A-Za-z_-]{8,64}";
    private static final int REASON_MOST = 255;

    private final TeamMembers team;
    private final PaymentPageModel model;

    public DashboardPaymentPageRoutes(DashboardPages pages, TeamMembers team, PaymentPageModel model) {
        super(pages);
        this.team = team;
        this.model = model;
    }

    /** What the page reads: the payment, its provider's reports and reversals, their ledger entries and deliveries. */
    private record Recorded(PaymentTimeline timeline, List<LedgerEntry> entries, List<DeliveryTrail> deliveries) {

        Optional<PaymentReversal> reversalWithKey(String key) {
            return timeline.reversals().stream().filter(r -> key.equals(r.merchantReference())).findFirst();
        }
    }

    @Override
    protected void routes() {
        dashboard().get("/payments/{id}").id("rest-dashboard-payment").to("direct:dashboard-payment")
                .post("/payments/{id}/refunds").id("rest-dashboard-payment-refund")
                    .to("direct:dashboard-payment-refund")
                .post("/payments/{id}/deliveries/{deliveryId}/resend").id("rest-dashboard-delivery-resend")
                    .to("direct:dashboard-delivery-resend");
        page("direct:dashboard-payment", e -> {
            DashboardUser user = pages.user(e, Permission.SEE_PAYMENTS);
            show(e, user, recorded(e, user), 200, Map.of());
        });
        page("direct:dashboard-payment-refund", this::refund);
        page("direct:dashboard-delivery-resend", this::resend);
    }

    /** The page, with what the request's query asks it to tell (a refund made, a delivery sent again). */
    private void show(Exchange exchange, DashboardUser user, Recorded recorded, int status, Map<String, Object> extra) {
        Locale locale = DashboardPages.language(exchange);
        PaymentTimeline timeline = recorded.timeline();
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("facts", model.facts(locale, timeline));
        page.put("timeline", model.timeline(locale, user, timeline, recorded.entries(), recorded.deliveries()));
        BigDecimal left = PaymentPageModel.refundable(timeline.payment());
        page.put("refundable", left.signum() > 0 ? DashboardPages.money(locale, timeline.payment().currency(), left)
                : null);
        page.put("currency", timeline.payment().currency());
        page.putIfAbsent("amount", left.stripTrailingZeros().toPlainString());
        page.putIfAbsent("key", "dash_" + RandomTokens.crockford(24));
        page.put("twoFactors", team.find(user.id()).map(TeamMember::hasTwoFactors).orElse(false));
        UUID refund = uuid(exchange.getIn().getHeader("refund", String.class));
        recorded.timeline().reversals().stream().filter(r -> r.id().equals(refund)).findFirst().ifPresent(r -> {
            page.put("refunded", DashboardPages.money(locale, r.currency(), r.amount()));
            page.put("refundReference", r.gatewayReference());
            page.put("refundStatus", r.status());
            page.put("again", "true".equals(exchange.getIn().getHeader("again", String.class)));
        });
        UUID resent = uuid(exchange.getIn().getHeader("resent", String.class));
        page.put("resent", recorded.deliveries().stream().anyMatch(d -> d.delivery().id().equals(resent)));
        pages.render(exchange, status, "dashboard/payment", page);
    }

    /**
     * A refund of part or all of what is left, through the same code as POST /api/v1/reversals,
     * after a fresh code from the member's app. The form's key, kept on the reversal and unique,
     * makes a form sent again (twice at once, on two instances) refund once: the repeat is shown
     * the refund already made.
     */
    private void refund(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.REFUND);
        Recorded recorded = recorded(exchange, user);
        UUID paymentId = recorded.timeline().payment().id();
        Map<String, String> form = DashboardPages.form(exchange);
        String key = form.getOrDefault("key", "");
        if (!key.matches(KEY)) {
            show(exchange, user, recorded, 400, Map.of("error", "refund.error.expired"));
            return;
        }
        if (recorded.reversalWithKey(key).isPresent()) {
            madeAlready(exchange, paymentId, recorded.reversalWithKey(key).get());
            return;
        }
        String typed = form.getOrDefault("amount", "").strip();
        BigDecimal amount = typed.isEmpty() ? null : PaymentFilters.money(typed);
        String reason = form.getOrDefault("reason", "").strip();
        Map<String, Object> again = new LinkedHashMap<>();
        again.put("key", key);
        again.put("amount", typed);
        again.put("reason", reason);
        String field = "amount";
        String problem = amount != null && amount.signum() > 0 || typed.isEmpty() ? null : "refund.error.amount";
        if (problem == null && reason.length() > REASON_MOST) {
            field = "reason";
            problem = "refund.error.reason";
        }
        TeamMember member = team.find(user.id()).orElseThrow();
        if (problem == null) {
            problem = pages.freshCodeProblem(member, form.get("code"), "refund.error.two-factors");
            field = "code";
        }
        if (problem != null) {
            refused(exchange, user, paymentId, key, 400, field, problem, again);
            return;
        }
        ReversalView made;
        try {
            made = pages.call(PaymentsEndpoints.REVERSAL_CREATE, new NewReversal(user.merchantId(), user.livemode(),
                    paymentId, amount, reason.isEmpty() ? null : reason, key), ReversalView.class);
        } catch (ApiException refusal) {
            // A provider that cannot be reached is the member's answer too, not Malipo failing: a 4xx.
            int status = refusal.status() < 500 ? refusal.status() : 409;
            again.put("refusalCode", refusal.code());
            refused(exchange, user, paymentId, key, status, "amount", refusal(refusal.code()), again);
            return;
        }
        pages.audit(exchange, user, "refund_created", made.gatewayReference() + " " + made.amount().toPlainString()
                + " " + made.currency() + " of " + recorded.timeline().payment().gatewayReference());
        seeOther(exchange, "/dashboard/payments/" + paymentId + "?refund=" + made.id());
    }

    /**
     * The refund was not made here. If the same form made it meanwhile (sent twice at once), the
     * page shows that refund; otherwise it shows the form again with the problem beside its field.
     */
    private void refused(Exchange exchange, DashboardUser user, UUID paymentId, String key, int status, String field,
            String problem, Map<String, Object> again) {
        Recorded now = recorded(exchange, user);
        Optional<PaymentReversal> made = now.reversalWithKey(key);
        if (made.isPresent()) {
            madeAlready(exchange, paymentId, made.get());
            return;
        }
        Map<String, Object> extra = new HashMap<>(again);
        extra.put("error", problem);
        extra.put("errorField", field);
        show(exchange, user, now, status, extra);
    }

    private static void madeAlready(Exchange exchange, UUID paymentId, PaymentReversal reversal) {
        seeOther(exchange, "/dashboard/payments/" + paymentId + "?refund=" + reversal.id() + "&again=true");
    }

    /** The words for a refusal of payments' reversal-create, by its code. */
    private static String refusal(String code) {
        return switch (code == null ? "" : code) {
            case "reversal_exceeds_payment" -> "refund.refused.exceeds";
            case "insufficient_balance" -> "refund.refused.balance";
            case "provider_unavailable" -> "refund.refused.provider";
            case "payment_not_reversible" -> "refund.refused.not-reversible";
            case "reference_reused" -> "refund.error.expired";
            default -> "refund.refused.other";
        };
    }

    /** One of the payment's deliveries (or its refunds') is sent again now; another's is a 404. */
    private void resend(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.RESEND_DELIVERIES);
        Recorded recorded = recorded(exchange, user);
        UUID deliveryId = uuid(exchange.getIn().getHeader("deliveryId", String.class));
        DeliveryTrail trail = recorded.deliveries().stream().filter(d -> d.delivery().id().equals(deliveryId))
                .findFirst().orElseThrow(() -> new DashboardPages.NotFound(user));
        pages.call(DeliveryEndpoints.RESEND, e -> e.setProperty(DeliveryRoutes.DELIVERY_ID, deliveryId),
                DeliveryView.class);
        pages.audit(exchange, user, "delivery_resent", trail.delivery().kind() + " to "
                + PaymentPageModel.target(trail.delivery().targetUrl()));
        UUID paymentId = recorded.timeline().payment().id();
        seeOther(exchange, "/dashboard/payments/" + paymentId + "?resent=" + deliveryId + "#delivery-" + deliveryId);
    }

    /** The payment of the path, if it is the member's merchant's in this mode (otherwise a 404), and what it caused. */
    @SuppressWarnings("unchecked")
    private Recorded recorded(Exchange exchange, DashboardUser user) {
        UUID id = DashboardPages.pathId(exchange);
        if (id == null) {
            throw new DashboardPages.NotFound(user);
        }
        PaymentTimeline timeline = pages.call(PaymentsEndpoints.TIMELINE,
                Map.of("paymentId", id, "merchantId", user.merchantId(), "livemode", user.livemode()),
                PaymentTimeline.class);
        if (timeline == null) {
            throw new DashboardPages.NotFound(user);
        }
        List<Map<String, Object>> sources = new ArrayList<>();
        sources.add(source(user, "PAYMENT", id));
        timeline.reversals().forEach(r -> sources.add(source(user, "REVERSAL", r.id())));
        List<LedgerEntry> entries = new ArrayList<>();
        List<DeliveryTrail> deliveries = new ArrayList<>();
        for (Map<String, Object> source : sources) {
            entries.addAll(pages.call(LedgerEndpoints.ENTRIES_FOR_SOURCE, source, List.class));
            deliveries.addAll(pages.call(DeliveryEndpoints.FOR_SOURCE, source, List.class));
        }
        return new Recorded(timeline, entries, deliveries);
    }

    private static Map<String, Object> source(DashboardUser user, String type, UUID id) {
        return Map.of("merchantId", user.merchantId(), "livemode", user.livemode(), "sourceType", type, "sourceId", id);
    }

    private static UUID uuid(String text) {
        try {
            return text == null ? null : UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
