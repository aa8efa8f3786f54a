package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.net.http.HttpResponse;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The dashboard's payments list: the merchant's own payments only, found by filters and search. */
class DashboardPaymentsIT extends PostgresIT {

    @Test
    void aMemberFindsTheMerchantsPaymentsByStatusAndSearchAndNeverAnotherMerchants() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("DP-1");
        shop.order("DP-2", "7000");
        shop.pay("DP-2", "T-DP-2", "255754000001");
        Shop other = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        other.paidOrder("DP-1");
        io.malipo.testsupport.Await.until("the declined payment to fail", () -> jdbc.queryForObject(
                "SELECT status FROM payment WHERE transid = 'T-DP-2'", String.class).equals("FAILED"));

        String link = admin.post("/admin/v1/merchants/" + shop.merchantId() + "/users",
                "{\"email\": \"viewer-dp@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText();
        FormBrowser browser = new FormBrowser(port).acceptAndSignIn(link, "viewer-dp@duka.co.tz",
                "kilimanjaro is high");

        HttpResponse<String> all = browser.get("/dashboard/payments");
        assertThat(all.statusCode()).isEqualTo(200);
        assertThat(all.body()).contains("T-DP-2").contains("TZS 7,000").contains("FAILED").contains("SUCCEEDED");
        assertThat(rows(all.body())).isEqualTo(2);

        assertThat(rows(browser.get("/dashboard/payments?status=FAILED").body())).isEqualTo(1);
        HttpResponse<String> byOrder = browser.get("/dashboard/payments?q=DP-1");
        assertThat(rows(byOrder.body())).as("only this merchant's DP-1").isEqualTo(1);
        assertThat(rows(browser.get("/dashboard/payments?q=0001").body())).as("by the number's last digits")
                .isEqualTo(1);
        assertThat(browser.get("/dashboard/payments?min=7000&max=7000").body()).contains("T-DP-2");
        assertThat(browser.get("/dashboard/payments?q=nothing-like-this").body())
                .contains("No payment matches these filters");

        HttpResponse<String> wrong = browser.get("/dashboard/payments?from=25/11/2026&status=PAID");
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Enter a date as YYYY-MM-DD").contains("Choose a status from the list")
                .contains("aria-invalid=\"true\"");

        assertThat(new FormBrowser(port).get("/dashboard/payments").statusCode()).as("signed out").isEqualTo(302);
    }

    @Test
    void aPaymentOfEitherApiIsFoundByEachFilterAndBySearch() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("EA-1");
        Http api = ApiMerchant.of(http, admin, shop.merchantId()).api();
        Response collected = api.post("/api/v1/collections", "{\"amount\": 4321, \"currency\": \"TZS\", "
                + "\"msisdn\": \"255784000040\", \"reference\": \"INV-EA-2\"}");
        assertThat(collected.status()).as(collected.body()).isEqualTo(201);
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + collected.json().get("id").asText(), "SUCCEEDED");
        FormBrowser viewer = DashboardMember.invite(admin, port, clock, shop.merchantId(), "viewer-ea@duka.co.tz",
                "VIEWER").browser();
        String today = LocalDate.now(clock.withZone(ZoneId.of("Africa/Dar_es_Salaam"))).toString();

        for (var payment : jdbc.queryForList("SELECT COALESCE(merchant_reference, transid) AS shown, reference, "
                + "provider_ref, provider, amount, msisdn, checkout_order FROM payment WHERE merchant_id = CAST(? AS UUID)",
                shop.merchantId())) {
            String shown = (String) payment.get("shown");
            String other = shown.equals("T-EA-1") ? "INV-EA-2" : "T-EA-1";
            String amount = ((java.math.BigDecimal) payment.get("amount")).toPlainString();
            String msisdn = (String) payment.get("msisdn");
            List<String> finding = new java.util.ArrayList<>(List.of("status=SUCCEEDED&channel=WALLET_PULL",
                    "provider=" + payment.get("provider"), "from=" + today + "&to=" + today,
                    "min=" + amount + "&max=" + amount, "q=" + shown, "q=" + payment.get("reference"),
                    "q=" + payment.get("provider_ref"), "q=" + msisdn.substring(msisdn.length() - 4), "q=" + msisdn));
            if (payment.get("checkout_order") != null) {
                finding.add("q=EA-1");
            }
            for (String filter : finding) {
                String page = viewer.get("/dashboard/payments?" + filter).body();
                assertThat(page).as(shown + " by " + filter).contains(shown);
                if (!filter.startsWith("status") && !filter.startsWith("from")) {
                    assertThat(page).as(shown + " alone by " + filter).doesNotContain(other);
                }
            }
        }
    }

    private static long rows(String html) {
        return html.split("<tr>", -1).length - 2;
    }
}
