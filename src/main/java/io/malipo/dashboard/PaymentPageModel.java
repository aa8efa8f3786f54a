package io.malipo.dashboard;

import io.malipo.channels.ProviderDirectory;
import io.malipo.common.Msisdn;
import io.malipo.delivery.DeliveryAttempt;
import io.malipo.delivery.DeliveryTrail;
import io.malipo.delivery.SourceDelivery;
import io.malipo.ledger.Ledger;
import io.malipo.ledger.LedgerEntry;
import io.malipo.payments.PaymentReversal;
import io.malipo.payments.PaymentStatus;
import io.malipo.payments.PaymentTimeline;
import io.malipo.payments.PaymentView;
import io.malipo.payments.ProviderReport;
import io.malipo.payments.SettlementConflictView;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.MessageSource;
import org.springframework.stereotype.Component;

/**
 * What a payment's page says, in the member's language: its facts, and a timeline of everything
 * Malipo recorded about it, oldest first (what it asked the provider and what the provider said,
 * how it settled, the ledger, refunds, contradicting reports, and every delivery with its attempts).
 */
@Component
class PaymentPageModel {

    /** How long an answer or error is shown in an attempt's row. */
    static final int EXCERPT = 200;
    private static final Set<String> FINAL = Set.of("SUCCEEDED", "FAILED");

    private final DashboardPages pages;
    private final ProviderDirectory providers;
    private final MessageSource words;

    PaymentPageModel(DashboardPages pages, ProviderDirectory providers, MessageSource words) {
        this.pages = pages;
        this.providers = providers;
        this.words = words;
    }

    /**
     * One line of the timeline.
     *
     * @param rank which of several things recorded in the same instant comes first
     * @param entries a ledger posting's lines (account, amount), or null
     * @param delivery a delivery, its attempts and whether it may be sent again, or null
     */
    record Moment(Instant at, int rank, String time, String text, List<String> details,
            List<Map<String, String>> entries, Map<String, Object> delivery) {

        public String iso() {
            return at.toString();
        }
    }

    /** A provider's name, or its code when Malipo no longer knows it. */
    String providerName(String code) {
        return code == null ? null : providers.find(code).map(provider -> provider.name()).orElse(code);
    }

    /** The provider's name, or the channel for payments no provider has yet (as the list shows it). */
    String method(PaymentView payment) {
        return payment.provider() == null ? payment.channel() : providerName(payment.provider());
    }

    /** What can still be refunded: nothing unless it succeeded. */
    static BigDecimal refundable(PaymentView payment) {
        return PaymentStatus.SUCCEEDED.name().equals(payment.status())
                ? payment.amount().subtract(payment.amountReversed()) : BigDecimal.ZERO;
    }

    /** The facts at the top of the page, as text. */
    Map<String, Object> facts(Locale locale, PaymentTimeline timeline) {
        PaymentView p = timeline.payment();
        Map<String, Object> facts = new LinkedHashMap<>();
        facts.put("id", p.id());
        facts.put("status", p.status());
        facts.put("amount", money(locale, p.currency(), p.amount()));
        facts.put("fee", p.fee() == null ? null : money(locale, p.currency(), p.fee()));
        facts.put("net", p.fee() == null ? null : money(locale, p.currency(), p.amount().subtract(p.fee())));
        facts.put("refunded", money(locale, p.currency(), p.amountReversed()));
        facts.put("channel", p.channel());
        facts.put("provider", method(p));
        facts.put("reference", p.reference());
        facts.put("gatewayReference", p.gatewayReference());
        facts.put("providerReference", p.providerReference());
        facts.put("orderId", p.orderId());
        facts.put("orderUuid", timeline.progress().checkoutOrder());
        facts.put("payer", p.msisdn() == null ? null : Msisdn.readable(p.msisdn()));
        facts.put("failureCode", p.failureCode());
        facts.put("failureMessage", p.failureMessage());
        facts.put("description", p.description());
        facts.put("created", pages.exactTime(locale, p.createdAt()));
        facts.put("checks", timeline.progress().checks());
        boolean checkedAgain = PaymentStatus.PENDING.name().equals(p.status())
                && timeline.progress().nextCheckAt() != null;
        facts.put("nextCheck", checkedAgain ? pages.time(locale, timeline.progress().nextCheckAt()) : null);
        return facts;
    }

    /** Everything that happened, oldest first. */
    List<Moment> timeline(Locale locale, DashboardUser user, PaymentTimeline timeline, List<LedgerEntry> entries,
            List<DeliveryTrail> deliveries) {
        PaymentView p = timeline.payment();
        Map<UUID, PaymentReversal> reversals = new LinkedHashMap<>();
        timeline.reversals().forEach(r -> reversals.put(r.id(), r));
        List<Moment> moments = new ArrayList<>();
        String amount = money(locale, p.currency(), p.amount());
        moments.add(moment(locale, p.createdAt(), 0, p.orderId() != null
                ? say(locale, "timeline.created.order", p.orderId(), amount, method(p))
                : say(locale, "timeline.created.api", amount, method(p)), List.of()));
        for (PaymentReversal r : timeline.reversals()) {
            moments.add(refund(locale, r));
        }
        for (ProviderReport report : timeline.reports()) {
            moments.add(report(locale, report, reversals.get(report.subjectId())));
        }
        settled(locale, timeline).ifPresent(moments::add);
        Map<UUID, List<LedgerEntry>> postings = new LinkedHashMap<>();
        entries.forEach(e -> postings.computeIfAbsent(e.postingId(), id -> new ArrayList<>()).add(e));
        for (List<LedgerEntry> posting : postings.values()) {
            LedgerEntry first = posting.get(0);
            Moment base = moment(locale, first.createdAt(), 5, about(locale, reversals.get(first.sourceId()),
                    say(locale, "timeline.ledger")), List.of());
            moments.add(new Moment(base.at(), base.rank(), base.time(), base.text(), base.details(),
                    posting.stream().map(e -> Map.of("account", account(locale, e.account()),
                            "amount", signed(locale, e.amount()), "currency", e.currency())).toList(), null));
        }
        for (SettlementConflictView conflict : timeline.conflicts()) {
            moments.add(moment(locale, conflict.createdAt(), 6, about(locale, reversals.get(conflict.subjectId()),
                    say(locale, "timeline.conflict", providerName(conflict.provider()),
                            say(locale, "outcome." + conflict.reported()), conflict.statusBefore(),
                            say(locale, "conflict." + conflict.resolution()))), List.of()));
        }
        for (DeliveryTrail trail : deliveries) {
            moments.add(delivery(locale, user, trail, reversals.get(trail.delivery().sourceId())));
        }
        moments.sort(Comparator.comparing(Moment::at).thenComparingInt(Moment::rank));
        return moments;
    }

    private Moment refund(Locale locale, PaymentReversal r) {
        String amount = money(locale, r.currency(), r.amount());
        List<String> details = new ArrayList<>();
        if (!r.automatic() && r.reason() != null) {
            details.add(say(locale, "timeline.refund.reason", r.reason()));
        }
        details.add(say(locale, "timeline.refund.status", say(locale, "status." + r.status())));
        if (r.failureCode() != null) {
            details.add(code(locale, r.failureCode(), r.failureMessage()));
        }
        return moment(locale, r.createdAt(), 1, r.automatic() ? say(locale, "timeline.refund.automatic", amount,
                r.gatewayReference()) : say(locale, "timeline.refund", amount, r.gatewayReference()), details);
    }

    private Moment report(Locale locale, ProviderReport report, PaymentReversal reversal) {
        String provider = providerName(report.provider());
        String text = switch (report.source()) {
            case ANSWER -> say(locale, "timeline.answer." + ("PENDING".equals(report.outcome()) ? "PENDING"
                    : "ACCEPTED"), provider);
            case REFUSAL -> say(locale, "provider_unavailable".equals(report.failureCode())
                    ? "timeline.refusal.unreachable" : "timeline.refusal", provider);
            case STATUS_QUERY -> say(locale, "timeline.status." + outcome(report), provider);
            case TIMEOUT -> say(locale, "timeline.timeout", provider);
            case NOTIFICATION -> say(locale, "timeline.notification." + outcome(report), provider);
        };
        List<String> details = new ArrayList<>();
        if (report.providerRef() != null) {
            details.add(say(locale, "timeline.provider-ref", report.providerRef()));
        }
        if (report.failureCode() != null) {
            details.add(code(locale, report.failureCode(), report.failureMessage()));
        }
        return moment(locale, report.receivedAt(), report.source() == ProviderReport.Source.ANSWER ? 2 : 3,
                about(locale, reversal, text), details);
    }

    /** When the payment left flight, and how: by the first final report about it. */
    private Optional<Moment> settled(Locale locale, PaymentTimeline timeline) {
        PaymentView p = timeline.payment();
        return timeline.reports().stream()
                .filter(r -> p.id().equals(r.subjectId()) && r.source() != ProviderReport.Source.ANSWER
                        && FINAL.contains(r.outcome()))
                .findFirst()
                .map(r -> moment(locale, r.receivedAt(), 4, "SUCCEEDED".equals(r.outcome()) && p.fee() != null
                        ? say(locale, "timeline.settled.SUCCEEDED", money(locale, p.currency(), p.fee()),
                                money(locale, p.currency(), p.amount().subtract(p.fee())))
                        : say(locale, "timeline.settled." + r.outcome()), List.of()));
    }

    private Moment delivery(Locale locale, DashboardUser user, DeliveryTrail trail, PaymentReversal reversal) {
        SourceDelivery d = trail.delivery();
        Map<String, Object> delivery = new LinkedHashMap<>();
        delivery.put("id", d.id());
        delivery.put("status", d.status());
        delivery.put("target", target(d.targetUrl()));
        delivery.put("next", "PENDING".equals(d.status()) && d.nextAttemptAt() != null
                ? pages.exactTime(locale, d.nextAttemptAt()) : null);
        delivery.put("resendable", Permission.RESEND_DELIVERIES.allows(user.role())
                && !"DELIVERING".equals(d.status()));
        delivery.put("attempts", trail.attempts().stream().map(a -> attempt(locale, a)).toList());
        String text = about(locale, reversal, say(locale, "timeline.delivery." + d.kind(), target(d.targetUrl())));
        return new Moment(d.createdAt(), 7, pages.exactTime(locale, d.createdAt()), text, List.of(), null, delivery);
    }

    private Map<String, String> attempt(Locale locale, DeliveryAttempt a) {
        String said = a.answer() != null ? a.answer() : a.error();
        return Map.of("number", String.valueOf(a.attempt()), "time", pages.exactTime(locale, a.attemptedAt()),
                "iso", a.attemptedAt().toString(),
                "status", a.statusCode() == null ? say(locale, "delivery.no-answer") : String.valueOf(a.statusCode()),
                "said", said == null ? "" : excerpt(said));
    }

    /** Where a delivery went, as a person recognises it: host and path, never a query (it may hold a token). */
    static String target(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() == null) {
                return "?";
            }
            return uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
                    + (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
        } catch (URISyntaxException e) {
            return "?";
        }
    }

    /** Answers are kept short already; errors (a connection refused, a timeout) are cut here. */
    static String excerpt(String text) {
        return text.length() <= EXCERPT ? text : text.substring(0, EXCERPT - 1) + "…";
    }

    private String account(Locale locale, String account) {
        if (Ledger.MERCHANT.equals(account)) {
            return say(locale, "account.merchant");
        }
        if (Ledger.FEES.equals(account)) {
            return say(locale, "account.fees");
        }
        String prefix = Ledger.provider("");
        return account.startsWith(prefix) ? say(locale, "account.provider", providerName(account.substring(
                prefix.length()))) : account;
    }

    private static String outcome(ProviderReport report) {
        return "SUCCEEDED".equals(report.outcome()) ? "SUCCEEDED" : "FAILED";
    }

    private static String signed(Locale locale, BigDecimal amount) {
        return (amount.signum() > 0 ? "+" : "") + DashboardPages.money(locale, null, amount);
    }

    private String about(Locale locale, PaymentReversal reversal, String text) {
        return reversal == null ? text : say(locale, "timeline.about-refund", reversal.gatewayReference(), text);
    }

    private String code(Locale locale, String code, String message) {
        return message == null ? say(locale, "timeline.code", code)
                : say(locale, "timeline.code.message", code, message);
    }

    private Moment moment(Locale locale, Instant at, int rank, String text, List<String> details) {
        return new Moment(at, rank, pages.exactTime(locale, at), text, details, null, null);
    }

    private static String money(Locale locale, String currency, BigDecimal amount) {
        return DashboardPages.money(locale, currency, amount);
    }

    String say(Locale locale, String key, Object... args) {
        return words.getMessage(key, args, locale);
    }
}
