package io.malipo.dashboard;

import io.malipo.channels.Channel;
import io.malipo.payments.PaymentSearch;
import io.malipo.payments.PaymentStatus;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * The payments list's filters as the page's form sends them (all optional), checked one by one:
 * each wrong one is named with a message key, and nothing is searched until all are right.
 *
 * @param from and {@code to}: days in Malipo's zone, both included
 * @param before the position the page starts below (from the previous page's "older" link)
 */
public record PaymentFilters(String status, String channel, String provider, String from, String to, String min,
        String max, String q, String before) {

    static final int PAGE = 50;

    static PaymentFilters of(Function<String, String> parameter) {
        return new PaymentFilters(parameter.apply("status"), parameter.apply("channel"), parameter.apply("provider"),
                parameter.apply("from"), parameter.apply("to"), parameter.apply("min"), parameter.apply("max"),
                parameter.apply("q"), parameter.apply("before"));
    }

    /** What is wrong, by filter, as message keys; empty when the search may run. */
    Map<String, String> problems() {
        Map<String, String> problems = new LinkedHashMap<>();
        if (set(status) && Arrays.stream(PaymentStatus.values()).noneMatch(s -> s.name().equals(status))) {
            problems.put("status", "payments.error.status");
        }
        if (set(channel) && Arrays.stream(Channel.values()).noneMatch(c -> c.name().equals(channel))) {
            problems.put("channel", "payments.error.channel");
        }
        if (set(provider) && !provider.matches("[a-z0-9-]{1,32}")) {
            problems.put("provider", "payments.error.provider");
        }
        for (String name : new String[] {"from", "to"}) {
            if (set(day(name)) && date(day(name)) == null) {
                problems.put(name, "payments.error.date");
            }
        }
        for (String name : new String[] {"min", "max"}) {
            if (set(amount(name)) && money(amount(name)) == null) {
                problems.put(name, "payments.error.amount");
            }
        }
        if (set(q) && q.strip().length() > 64) {
            problems.put("q", "payments.error.search");
        }
        if (set(before) && !before.matches("[0-9]{1,18}")) {
            problems.put("before", "payments.error.before");
        }
        return problems;
    }

    /** The page's search, once {@link #problems} found none: a row more than a page, to know if another follows. */
    PaymentSearch search(UUID merchantId, boolean livemode, ZoneId zone) {
        return search(merchantId, livemode, zone, startBefore(), PAGE + 1);
    }

    /** The same search, for up to {@code limit} rows below {@code beforeSeq} (an export reads it batch by batch). */
    PaymentSearch search(UUID merchantId, boolean livemode, ZoneId zone, long beforeSeq, int limit) {
        LocalDate first = set(from) ? date(from) : null;
        LocalDate last = set(to) ? date(to) : null;
        return PaymentSearch.of(merchantId, livemode, blank(status), blank(channel), blank(provider),
                first == null ? null : first.atStartOfDay(zone).toOffsetDateTime(),
                last == null ? null : last.plusDays(1).atStartOfDay(zone).toOffsetDateTime(),
                set(min) ? money(min) : null, set(max) ? money(max) : null, set(q) ? q.strip() : null,
                beforeSeq, limit);
    }

    /** The position the search starts below: the "older" link's, or the top. */
    long startBefore() {
        return set(before) ? Long.parseLong(before) : Long.MAX_VALUE;
    }

    /** Whether any filter narrows the list. */
    public boolean narrowed() {
        return set(status) || set(channel) || set(provider) || set(from) || set(to) || set(min) || set(max) || set(q);
    }

    private String day(String name) {
        return "from".equals(name) ? from : to;
    }

    private String amount(String name) {
        return "min".equals(name) ? min : max;
    }

    private static boolean set(String value) {
        return value != null && !value.isBlank();
    }

    private static String blank(String value) {
        return set(value) ? value.strip() : null;
    }

    private static LocalDate date(String text) {
        try {
            return LocalDate.parse(text.strip());
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** An amount as a member types it (15000, 15,000.50), or null: never negative, two decimals at most. */
    static BigDecimal money(String text) {
        try {
            BigDecimal amount = new BigDecimal(text.strip().replace(",", ""));
            return amount.signum() < 0 || amount.scale() > 2 || amount.precision() - amount.scale() > 17 ? null : amount;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The filters as a query string, for the next page's link. */
    String query() {
        StringBuilder query = new StringBuilder();
        Map<String, String> values = new LinkedHashMap<>();
        values.put("status", status);
        values.put("channel", channel);
        values.put("provider", provider);
        values.put("from", from);
        values.put("to", to);
        values.put("min", min);
        values.put("max", max);
        values.put("q", q);
        values.forEach((name, value) -> {
            if (set(value)) {
                query.append(query.isEmpty() ? "" : "&").append(name).append('=')
                        .append(URLEncoder.encode(value.strip(), StandardCharsets.UTF_8));
            }
        });
        return query.toString();
    }
}
