package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.payments.PaymentFigures;
import io.malipo.payments.PaymentFigures.Row;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HomeFiguresTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 26);
    private static final long DAY = TODAY.toEpochDay();

    @Test
    void ratesCountOnlyWhatFinishedAndTheBusiestCurrencyComesFirst() {
        PaymentFigures figures = new PaymentFigures(List.of(
                new Row(DAY - 3, "WALLET_PULL", "mpesa-tz", "TZS", 36, 27, 24, new BigDecimal("1200000.00")),
                new Row(DAY, "WALLET_PULL", "mpesa-tz", "TZS", 4, 3, 3, new BigDecimal("45000.00")),
                new Row(DAY - 1, "CARD", "card-sandbox", "USD", 2, 2, 1, new BigDecimal("12.50")),
                new Row(DAY, "MANUAL", null, "TZS", 1, 0, 0, BigDecimal.ZERO)));

        HomeFigures home = HomeFigures.of(figures, TODAY, 30, Locale.ENGLISH, code -> "Vodacom M-Pesa");

        assertThat(home.totals()).extracting(HomeFigures.Total::currency).containsExactly("TZS", "USD");
        HomeFigures.Total tzs = home.totals().get(0);
        assertThat(tzs.todayVolume()).isEqualTo("TZS 45,000");
        assertThat(tzs.todayRate()).as("3 of 3 finished; the one in flight does not count").isEqualTo("100%");
        assertThat(tzs.volume()).isEqualTo("TZS 1,245,000");
        assertThat(tzs.rate()).isEqualTo("90%");
        assertThat(home.totals().get(1).volume()).isEqualTo("USD 12.50");
        assertThat(home.totals().get(1).todayRate()).as("nothing finished today").isEqualTo("–");
        assertThat(home.rows()).extracting(HomeFigures.Method::method)
                .containsExactly("Vodacom M-Pesa", "channel.MANUAL", "Vodacom M-Pesa");
        assertThat(home.rows().get(0).made()).isEqualTo(40);
        assertThat(home.rows().get(1).methodIsKey()).isTrue();
    }

    @Test
    void theChartHasABarForEveryDayScaledToTheBestDay() {
        PaymentFigures figures = new PaymentFigures(List.of(
                new Row(DAY - 29, "WALLET_PULL", "mpesa-tz", "TZS", 1, 1, 1, new BigDecimal("10000.00")),
                new Row(DAY - 2, "WALLET_PULL", "mpesa-tz", "TZS", 1, 1, 1, new BigDecimal("15000.00")),
                new Row(DAY - 2, "WALLET_PULL", "airtel-tz", "TZS", 1, 1, 1, new BigDecimal("5000.00"))));

        HomeFigures.Chart chart = HomeFigures.of(figures, TODAY, 30, Locale.ENGLISH, code -> code).charts().get(0);

        assertThat(chart.bars()).hasSize(30);
        assertThat(chart.bars().get(0).day()).isEqualTo("28 Oct");
        assertThat(chart.bars().get(0).height()).isEqualTo(HomeFigures.HEIGHT / 2);
        assertThat(chart.bars().get(27).height()).as("both providers' payments that day").isEqualTo(HomeFigures.HEIGHT);
        assertThat(chart.bars().get(27).y()).isZero();
        assertThat(chart.bars().get(27).made()).isEqualTo(2);
        assertThat(chart.bars().get(29).height()).isZero();
        assertThat(chart.bars().get(29).day()).isEqualTo("26 Nov");
        assertThat(chart.peakDay()).isEqualTo("24 Nov");
        assertThat(chart.total()).isEqualTo("TZS 30,000");
        assertThat(chart.bars().get(1).x()).isGreaterThan(chart.bars().get(0).x() + chart.bars().get(0).width());
    }
}
