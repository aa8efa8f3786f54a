package io.malipo.dashboard;

import io.malipo.payments.PaymentFigures;
import io.malipo.payments.PaymentFigures.Row;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The home page's figures as the member reads them: per currency, what was collected today and
 * over the span, with the success rate; the same by channel and provider; and a bar chart of each
 * day, drawn by the page as SVG from the geometry computed here.
 *
 * @param totals one per currency, the busiest first
 * @param rows one per channel, provider and currency
 * @param charts one per currency, the busiest first, at most {@link #MAX_CHARTS}
 */
public record HomeFigures(List<Total> totals, List<Method> rows, List<Chart> charts) {

    static final int MAX_CHARTS = 3;
    /** The chart's drawing area, in the SVG's own units: the page scales it to its width. */
    static final double WIDTH = 600;
    static final double HEIGHT = 160;

    /** A currency's figures today and over the span; rates are "–" where nothing finished. */
    public record Total(String currency, String todayVolume, long todaySucceeded, String todayRate, String volume,
            long succeeded, String rate) {
    }

    /** One channel and provider: {@code method} is the provider's name, or the channel's words' key. */
    public record Method(String method, boolean methodIsKey, String currency, String todayVolume, String todayRate,
            String volume, long made, String rate) {
    }

    /** A currency's days, left to right, with the tallest bar's amount and the total for the text alternative. */
    public record Chart(String currency, List<Bar> bars, String peak, String peakDay, String total, String firstDay,
            String lastDay) {
    }

    /** One day: its bar (zero height on a day without payments) and its figures in words. */
    public record Bar(double x, double y, double width, double height, String day, String volume, long succeeded,
            long made) {
    }

    /**
     * @param days how many days the figures cover, ending today ({@code today})
     * @param providerName the name people know a provider by, from its code
     */
    static HomeFigures of(PaymentFigures figures, LocalDate today, int days, Locale locale,
            Function<String, String> providerName) {
        NumberFormat percent = NumberFormat.getPercentInstance(locale);
        percent.setMaximumFractionDigits(1);
        DateTimeFormatter dayFormat = DateTimeFormatter.ofPattern("d MMM", locale);
        long todayNumber = today.toEpochDay();

        Map<String, List<Row>> byCurrency = figures.rows().stream()
                .collect(Collectors.groupingBy(Row::currency, LinkedHashMap::new, Collectors.toList()));
        Comparator<String> busiest = Comparator.comparing((String currency) -> Sum.of(byCurrency.get(currency))
                .volume()).reversed();
        List<String> currencies = byCurrency.keySet().stream().sorted(busiest).toList();

        List<Total> totals = currencies.stream().map(currency -> {
            Sum all = Sum.of(byCurrency.get(currency));
            Sum todays = Sum.of(byCurrency.get(currency).stream().filter(r -> r.epochDay() == todayNumber).toList());
            return new Total(currency, DashboardPages.money(locale, currency, todays.volume()), todays.succeeded(),
                    rate(percent, todays), DashboardPages.money(locale, currency, all.volume()), all.succeeded(),
                    rate(percent, all));
        }).toList();

        Map<List<String>, List<Row>> byMethod = figures.rows().stream().collect(Collectors.groupingBy(
                r -> Arrays.asList(r.currency(), r.channel(), r.provider()), LinkedHashMap::new,
                Collectors.toList()));
        List<Method> rows = byMethod.values().stream()
                .sorted(Comparator.comparing((List<Row> method) -> method.get(0).currency(), busiest)
                        .thenComparing(method -> Sum.of(method).volume(), Comparator.reverseOrder()))
                .map(method -> {
                    Row first = method.get(0);
                    Sum all = Sum.of(method);
                    Sum todays = Sum.of(method.stream().filter(r -> r.epochDay() == todayNumber).toList());
                    return new Method(first.provider() == null ? "channel." + first.channel()
                            : providerName.apply(first.provider()), first.provider() == null, first.currency(),
                            DashboardPages.money(locale, first.currency(), todays.volume()), rate(percent, todays),
                            DashboardPages.money(locale, first.currency(), all.volume()), all.made(),
                            rate(percent, all));
                }).toList();

        List<Chart> charts = currencies.stream().limit(MAX_CHARTS)
                .map(currency -> chart(currency, byCurrency.get(currency), today, days, locale, dayFormat)).toList();
        return new HomeFigures(totals, rows, charts);
    }

    /** What some rows add up to. */
    private record Sum(long made, long finished, long succeeded, BigDecimal volume) {

        static Sum of(List<Row> rows) {
            return new Sum(rows.stream().mapToLong(Row::made).sum(), rows.stream().mapToLong(Row::finished).sum(),
                    rows.stream().mapToLong(Row::succeeded).sum(),
                    rows.stream().map(Row::volume).reduce(BigDecimal.ZERO, BigDecimal::add));
        }
    }

    private static Chart chart(String currency, List<Row> rows, LocalDate today, int days, Locale locale,
            DateTimeFormatter dayFormat) {
        Map<Long, Sum> byDay = rows.stream().collect(Collectors.groupingBy(Row::epochDay, Collectors.collectingAndThen(
                Collectors.toList(), Sum::of)));
        LocalDate first = today.minusDays(days - 1L);
        BigDecimal peak = byDay.values().stream().map(Sum::volume).max(Comparator.naturalOrder())
                .orElse(BigDecimal.ZERO);
        double slot = WIDTH / days;
        List<Bar> bars = new ArrayList<>();
        LocalDate peakDay = null;
        for (int i = 0; i < days; i++) {
            LocalDate date = first.plusDays(i);
            Sum day = byDay.getOrDefault(date.toEpochDay(), new Sum(0, 0, 0, BigDecimal.ZERO));
            double height = peak.signum() == 0 ? 0 : day.volume().doubleValue() / peak.doubleValue() * HEIGHT;
            if (peakDay == null && peak.signum() > 0 && day.volume().compareTo(peak) == 0) {
                peakDay = date;
            }
            bars.add(new Bar(round(i * slot + slot * 0.15), round(HEIGHT - height), round(slot * 0.7), round(height),
                    dayFormat.format(date), DashboardPages.money(locale, currency, day.volume()), day.succeeded(),
                    day.made()));
        }
        BigDecimal total = byDay.values().stream().map(Sum::volume).reduce(BigDecimal.ZERO, BigDecimal::add);
        return new Chart(currency, bars, DashboardPages.money(locale, currency, peak),
                peakDay == null ? null : dayFormat.format(peakDay), DashboardPages.money(locale, currency, total),
                dayFormat.format(first), dayFormat.format(today));
    }

    private static String rate(NumberFormat percent, Sum sum) {
        return sum.finished() == 0 ? "–" : percent.format((double) sum.succeeded() / sum.finished());
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
