package io.malipo.dashboard;

import io.malipo.payments.PaymentFigures;
import io.malipo.payments.PaymentFigures.ChannelFigures;
import io.malipo.payments.PaymentFigures.Day;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
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
public record HomeFigures(List<Total> totals, List<Row> rows, List<Chart> charts) {

    static final int MAX_CHARTS = 3;
    /** The chart's drawing area, in the SVG's own units: the page scales it to its width. */
    static final double WIDTH = 600;
    static final double HEIGHT = 160;

    /** A currency's figures today and over the span; rates are "–" where nothing finished. */
    public record Total(String currency, String todayVolume, long todaySucceeded, String todayRate, String volume,
            long succeeded, String rate) {
    }

    /** One channel and provider: {@code method} is the provider's name, or the channel's words' key. */
    public record Row(String method, boolean methodIsKey, String currency, String todayVolume, String todayRate,
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

        Map<String, List<ChannelFigures>> byCurrency = figures.byChannel().stream()
                .collect(Collectors.groupingBy(ChannelFigures::currency, LinkedHashMap::new, Collectors.toList()));
        List<Total> totals = new ArrayList<>();
        byCurrency.forEach((currency, channels) -> totals.add(new Total(currency,
                DashboardPages.money(locale, currency, sum(channels, ChannelFigures::todayVolume)),
                channels.stream().mapToLong(ChannelFigures::todaySucceeded).sum(),
                rate(percent, channels.stream().mapToLong(ChannelFigures::todaySucceeded).sum(),
                        channels.stream().mapToLong(ChannelFigures::todayFinished).sum()),
                DashboardPages.money(locale, currency, sum(channels, ChannelFigures::volume)),
                channels.stream().mapToLong(ChannelFigures::succeeded).sum(),
                rate(percent, channels.stream().mapToLong(ChannelFigures::succeeded).sum(),
                        channels.stream().mapToLong(ChannelFigures::finished).sum()))));
        Comparator<String> busiest = Comparator.comparing((String currency) -> sum(byCurrency.get(currency),
                ChannelFigures::volume)).reversed();
        List<String> currencies = byCurrency.keySet().stream().sorted(busiest).toList();
        totals.sort(Comparator.comparing(Total::currency, busiest));

        List<Row> rows = figures.byChannel().stream().map(c -> new Row(
                c.provider() == null ? "channel." + c.channel() : providerName.apply(c.provider()),
                c.provider() == null, c.currency(),
                DashboardPages.money(locale, c.currency(), c.todayVolume()), rate(percent, c.todaySucceeded(),
                        c.todayFinished()),
                DashboardPages.money(locale, c.currency(), c.volume()), c.made(), rate(percent, c.succeeded(),
                        c.finished())))
                .toList();

        List<Chart> charts = currencies.stream().limit(MAX_CHARTS)
                .map(currency -> chart(currency, figures.days(), today, days, locale, dayFormat)).toList();
        return new HomeFigures(totals, rows, charts);
    }

    private static Chart chart(String currency, List<Day> all, LocalDate today, int days, Locale locale,
            DateTimeFormatter dayFormat) {
        Map<Long, Day> byDay = all.stream().filter(d -> d.currency().equals(currency))
                .collect(Collectors.toMap(Day::day, d -> d));
        LocalDate first = today.minusDays(days - 1L);
        BigDecimal peak = byDay.values().stream().map(Day::volume).max(Comparator.naturalOrder())
                .orElse(BigDecimal.ZERO);
        double slot = WIDTH / days;
        List<Bar> bars = new ArrayList<>();
        LocalDate peakDay = null;
        for (int i = 0; i < days; i++) {
            LocalDate date = first.plusDays(i);
            Day day = byDay.get(date.toEpochDay());
            BigDecimal volume = day == null ? BigDecimal.ZERO : day.volume();
            double height = peak.signum() == 0 ? 0 : volume.doubleValue() / peak.doubleValue() * HEIGHT;
            if (peakDay == null && peak.signum() > 0 && volume.compareTo(peak) == 0) {
                peakDay = date;
            }
            bars.add(new Bar(round(i * slot + slot * 0.15), round(HEIGHT - height), round(slot * 0.7), round(height),
                    dayFormat.format(date), DashboardPages.money(locale, currency, volume),
                    day == null ? 0 : day.succeeded(), day == null ? 0 : day.made()));
        }
        BigDecimal total = byDay.values().stream().map(Day::volume).reduce(BigDecimal.ZERO, BigDecimal::add);
        return new Chart(currency, bars, DashboardPages.money(locale, currency, peak),
                peakDay == null ? null : dayFormat.format(peakDay), DashboardPages.money(locale, currency, total),
                dayFormat.format(first), dayFormat.format(today));
    }

    private static BigDecimal sum(List<ChannelFigures> channels, Function<ChannelFigures, BigDecimal> amount) {
        return channels.stream().map(amount).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    private static String rate(NumberFormat percent, long succeeded, long finished) {
        return finished == 0 ? "–" : percent.format((double) succeeded / finished);
    }

    private static double round(double value) {
        return Math.round(value * 10) / 10.0;
    }
}
