package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.Shop;
import io.malipo.testsupport.PostgresIT;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The home page's figures: what was collected today and over 30 days with the success rate, by
 * method, and a bar for each day; another merchant's payments and older ones never count.
 */
class DashboardHomeIT extends PostgresIT {

    @Test
    void homeShowsTodayAndTheLastThirtyDaysWithTheSuccessRateAndABarForEachDay() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("H-1");
        shop.paidOrder("H-2");
        shop.order("H-3", "7000");
        shop.pay("H-3", "T-H-3", "255754000001");
        Await.until("the declined payment to fail", () -> "FAILED".equals(jdbc.queryForObject(
                "SELECT status FROM payment WHERE transid = 'T-H-3'", String.class)));
        // One payment three days ago, one long ago: only the first is in the 30 days, neither today.
        jdbc.update("UPDATE payment SET created_at = created_at - INTERVAL '3 days' WHERE transid = 'T-H-2'");
        shop.paidOrder("H-4");
        jdbc.update("UPDATE payment SET created_at = created_at - INTERVAL '40 days' WHERE transid = 'T-H-4'");
        new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback").paidOrder("OTHER-1");

        DashboardMember viewer = DashboardMember.invite(admin, port, clock, shop.merchantId(), "viewer-h1@duka.co.tz",
                "VIEWER");
        String home = viewer.browser().get("/dashboard").body();

        long paid = jdbc.queryForObject("SELECT amount FROM payment WHERE transid = 'T-H-1'", java.math.BigDecimal.class)
                .longValue();
        assertThat(home).contains("Collections").contains("Vodacom M-Pesa")
                .contains("1 paid · 50% succeeded")
                .contains("2 paid · 66.7% succeeded");
        assertThat(Pattern.compile("<rect [^>]*class=\"bar\"").matcher(home).results().count()).isEqualTo(30);
        assertThat(home).contains(String.format("TZS %,d", paid * 2)).as("the 30 days' volume");
        assertThat(home).contains("Day by day, as a table");
    }

    @Test
    void aMerchantWithoutPaymentsIsToldSoAndShownHowToMakeOne() throws Exception {
        String merchant = onboardMerchant();
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-h2@duka.co.tz", "OWNER");
        assertThat(owner.browser().get("/dashboard").body()).contains("No payments in the last 30 days")
                .contains("<a href=\"/dashboard/payments/test\">Make a test payment</a>").doesNotContain("<svg");
        DashboardMember viewer = DashboardMember.invite(admin, port, clock, merchant, "viewer-h2@duka.co.tz", "VIEWER");
        assertThat(viewer.browser().get("/dashboard").body()).as("a Viewer may not make test payments")
                .contains("No payments yet").doesNotContain("/dashboard/payments/test");
    }
}
