package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.payments.PaymentFigures;
import io.malipo.payments.PaymentFigures.ChannelFigures;
import io.malipo.payments.PaymentFigures.Day;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class HomeFiguresTest {

    private static final LocalDate TODAY = LocalDate.of(2026, 11, 26);

    @Test
    void ratesCountOnlyWhatFinishedAndTheBusiestCurrencyComesFirst() {
        PaymentFigures figures = new PaymentFigures(List.of(
                new ChannelFigures("WALLET_PULL", "mpesa-tz", "TZS", 4, 3, 3, new BigDecimal("45000.00"), 40, 30, 27,
                        new BigDecimal("1245000.00")),
                new ChannelFigures("CARD", "card-sandbox", "USD", 0, 0, 0, BigDecimal.ZERO, 2, 2, 1,
                        new BigDecimal("12.50")),
                new ChannelFigures("MANUAL", null, "TZS", 1, 0, 0, BigDecimal.ZERO, 1, 0, 0, BigDecimal.ZERO)),
                List.of());

        HomeFigures home = HomeFigures.of(figures, TODAY, 30, Locale.ENGLISH, code -> "Vodacom M-Pesa");

        assertThat(home.totals()).extracting(HomeFigures.Total::currency).containsExactly("TZS", "USD");
        HomeFigures.Total tzs = home.totals().get(0);
        assertThat(tzs.todayVolume()).isEqualTo("TZS 45,000");
        assertThat(tzs.todayRate()).as("3 of 3 finished; the one in flight does not count").isEqualTo("100%");
        assertThat(tzs.rate()).isEqualTo("90%");
        assertThat(home.totals().get(1).volume()).isEqualTo("USD 12.50");
        assertThat(home.totals().get(1).todayRate()).as("nothing finished today").isEqualTo("–");
        assertThat(home.rows()).extracting(HomeFigures.Row::method)
                .containsExactly("Vodacom M-Pesa", "Vodacom M-Pesa", "channel.MANUAL");
        assertThat(home.rows().get(2).methodIsKey()).isTrue();
    }

    @Test
    void theChartHasABarForEveryDayScaledToTheBestDay() {
        long today = TODAY.toEpochDay();
        PaymentFigures figures = new PaymentFigures(List.of(new ChannelFigures("WALLET_PULL", "mpesa-tz", "TZS",
                0, 0, 0, BigDecimal.ZERO, 3, 3, 3, new BigDecimal("30000.00"))), List.of(
                new Day(today - 29, "TZS", 1, 1, 1, new BigDecimal("10000.00")),
                new Day(today - 2, "TZS", 2, 2, 2, new BigDecimal("20000.00"))));

        HomeFigures.Chart chart = HomeFigures.of(figures, TODAY, 30, Locale.ENGLISH, code -> code).charts().get(0);

        assertThat(chart.bars()).hasSize(30);
        assertThat(chart.bars().get(0).day()).isEqualTo("28 Oct");
        assertThat(chart.bars().get(0).height()).isEqualTo(HomeFigures.HEIGHT / 2);
        assertThat(chart.bars().get(27).height()).isEqualTo(HomeFigures.HEIGHT);
        assertThat(chart.bars().get(27).y()).isZero();
        assertThat(chart.bars().get(29).height()).isZero();
        assertThat(chart.bars().get(29).day()).isEqualTo("26 Nov");
        assertThat(chart.peakDay()).isEqualTo("24 Nov");
        assertThat(chart.total()).isEqualTo("TZS 30,000");
        assertThat(chart.bars().get(1).x()).isGreaterThan(chart.bars().get(0).x() + chart.bars().get(0).width());
    }
}
