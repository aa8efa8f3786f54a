package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * A test payment from the dashboard: made through the collections' code, answered by the sandbox
 * as the number says, followed on its page; test mode only, and not for Viewers.
 */
class DashboardTestPaymentIT extends PostgresIT {

    @Test
    void aTestPaymentGoesToTheSandboxAndIsFollowedOnItsPage() throws Exception {
        String merchant = onboardMerchant();
        DashboardMember developer = DashboardMember.invite(admin, port, clock, merchant, "dev-tp1@duka.co.tz",
                "DEVELOPER");

        assertThat(developer.browser().get("/dashboard/payments").body()).contains("/dashboard/payments/test");
        HttpResponse<String> form = developer.browser().get("/dashboard/payments/test");
        assertThat(form.statusCode()).isEqualTo(200);
        assertThat(form.body()).contains("Make a test payment").contains("value=\"0754 000 000\"");

        HttpResponse<String> wrong = developer.browser().post("/dashboard/payments/test", "amount", "-5", "msisdn",
                "12");
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Enter an amount from 1").contains("Enter a mobile number")
                .contains("aria-invalid=\"true\"");
        assertThat(count(merchant)).isZero();

        HttpResponse<String> made = developer.browser().post("/dashboard/payments/test", "amount", "2500",
                "msisdn", "0754 000 000");
        assertThat(made.statusCode()).isEqualTo(303);
        String page = made.headers().firstValue("Location").orElseThrow();
        assertThat(page).matches("/dashboard/payments/[0-9a-f-]{36}");
        Await.until("the sandbox to approve the test payment", () -> "SUCCEEDED".equals(jdbc.queryForObject(
                "SELECT status FROM payment WHERE merchant_id = CAST(? AS UUID)", String.class, merchant)));
        assertThat(developer.browser().get(page).body()).contains("Payment of TZS 2,500").contains("SUCCEEDED")
                .contains("Test payment from the dashboard");

        developer.browser().get("/dashboard/payments/test");
        developer.browser().post("/dashboard/payments/test", "amount", "700", "msisdn", "0754 000 001");
        Await.until("the sandbox payer to decline", () -> jdbc.queryForObject(
                "SELECT COUNT(*) FROM payment WHERE merchant_id = CAST(? AS UUID) AND status = 'FAILED'",
                Integer.class, merchant) == 1);
        assertThat(jdbc.queryForList("SELECT action FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID)",
                String.class, merchant)).contains("test_payment_made");
    }

    @Test
    void viewersMakeNoTestPaymentsAndLiveModeHasNone() throws Exception {
        String merchant = onboardMerchant();
        admin.post("/admin/v1/merchants/" + merchant + "/verify", "");
        DashboardMember viewer = DashboardMember.invite(admin, port, clock, merchant, "viewer-tp2@duka.co.tz",
                "VIEWER");
        assertThat(viewer.browser().get("/dashboard/payments").body()).doesNotContain("/dashboard/payments/test");
        assertThat(viewer.browser().get("/dashboard/payments/test").statusCode()).isEqualTo(403);
        assertThat(viewer.browser().post("/dashboard/payments/test", "amount", "100", "msisdn", "0754000000")
                .statusCode()).isEqualTo(403);

        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-tp2@duka.co.tz", "OWNER");
        owner.browser().get("/dashboard");
        owner.browser().post("/dashboard/mode", "mode", "live");
        assertThat(owner.browser().get("/dashboard/payments").body()).doesNotContain("/dashboard/payments/test");
        assertThat(owner.browser().get("/dashboard/payments/test").statusCode()).isEqualTo(404);
        assertThat(count(merchant)).isZero();
    }

    private int count(String merchant) {
        return jdbc.queryForObject("SELECT COUNT(*) FROM payment WHERE merchant_id = CAST(? AS UUID)", Integer.class,
                merchant);
    }
}
