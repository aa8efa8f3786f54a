package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Payouts from the dashboard: priced by the fee the API quotes, confirmed with a fresh code,
 * made once however often the confirm arrives, refused when the balance is short, and only by
 * the roles that pay out.
 */
class DashboardPayoutsIT extends PostgresIT {

    @Test
    void anOwnerPreviewsTheApisFeeThenConfirmsWithACodeAndOnePayoutIsMadeHoweverOftenItIsConfirmed()
            throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("PO-1");
        shop.paidOrder("PO-2");
        String merchant = shop.merchantId();
        BigDecimal funded = available(merchant);
        assertThat(funded).isEqualByComparingTo("1800");
        DashboardMember member = DashboardMember.invite(admin, port, clock, merchant, "owner-po@duka.co.tz", "OWNER");
        FormBrowser owner = member.browser();

        HttpResponse<String> page = owner.get("/dashboard/payouts");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Available to pay out: TZS 1,800").contains("No payouts yet");

        HttpResponse<String> wrong = owner.post("/dashboard/payouts/preview", "amount", "300.123", "currency", "TZS",
                "msisdn", "0754 00", "provider", "", "description", "");
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Enter an amount more than 0").contains("Enter a mobile number")
                .contains("aria-describedby=\"e-amount\"").contains("aria-describedby=\"e-msisdn\"");

        HttpResponse<String> preview = owner.post("/dashboard/payouts/preview", "amount", "600", "currency", "TZS",
                "msisdn", "0754 000 000", "provider", "", "description", "Supplier");
        assertThat(preview.statusCode()).isEqualTo(200);
        JsonNode quoted = feePreview(merchant, "600", "255754000000");
        String fee = hidden(preview.body(), "fee");
        assertThat(new BigDecimal(fee)).isEqualByComparingTo(quoted.get("fee").decimalValue());
        assertThat(preview.body()).contains("TZS 600").contains("TZS 500").contains("TZS 1,100").contains("TZS 1,800")
                .contains("+255 754 000 000").contains("Vodacom M-Pesa");
        String reference = hidden(preview.body(), "reference");
        String[] confirm = {"amount", hidden(preview.body(), "amount"), "currency", "TZS",
                "msisdn", hidden(preview.body(), "msisdn"), "provider", "", "description", "Supplier",
                "reference", reference, "fee", fee, "action", "confirm"};

        // A second payout previewed while the balance still covers it, confirmed once the first has taken it.
        HttpResponse<String> stale = owner.post("/dashboard/payouts/preview", "amount", "600", "currency", "TZS",
                "msisdn", "255754000000", "provider", "", "description", "");
        String[] staleConfirm = {"amount", "600.00", "currency", "TZS", "msisdn", "255754000000", "provider", "",
                "description", "", "reference", hidden(stale.body(), "reference"), "fee", hidden(stale.body(), "fee"),
                "action", "confirm"};

        HttpResponse<String> badCode = owner.post("/dashboard/payouts", with(confirm, "code", "000000"));
        assertThat(badCode.statusCode()).isEqualTo(400);
        assertThat(badCode.body()).contains("That code is not right").contains(reference);
        assertThat(payouts(merchant)).isZero();

        String code = member.freshCode();
        HttpResponse<String> sent = owner.post("/dashboard/payouts", with(confirm, "code", code));
        assertThat(sent.statusCode()).isEqualTo(303);
        String location = sent.headers().firstValue("Location").orElseThrow();
        assertThat(location).matches(".*/dashboard/payouts/[0-9a-f-]{36}\\?sent=new");
        assertThat(payouts(merchant)).isEqualTo(1);
        assertThat(available(merchant)).isEqualByComparingTo(funded.subtract(new BigDecimal("1100")));
        assertThat(jdbc.queryForObject("SELECT merchant_reference FROM payout WHERE merchant_id = CAST(? AS UUID)",
                String.class, merchant)).isEqualTo(reference);

        HttpResponse<String> refused = owner.post("/dashboard/payouts", with(staleConfirm, "code", member.freshCode()));
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("Your available balance no longer covers the amount and the fee")
                .contains("Check the payout");
        assertThat(payouts(merchant)).isEqualTo(1);
        assertThat(available(merchant)).isEqualByComparingTo(funded.subtract(new BigDecimal("1100")));

        HttpResponse<String> sameAgain = owner.post("/dashboard/payouts", with(confirm, "code", code));
        HttpResponse<String> freshAgain = owner.post("/dashboard/payouts", with(confirm, "code", member.freshCode()));
        String payoutPath = location.replaceFirst("^.*(/dashboard/payouts/[0-9a-f-]{36}).*$", "$1");
        for (HttpResponse<String> again : List.of(sameAgain, freshAgain)) {
            assertThat(again.statusCode()).isEqualTo(303);
            assertThat(again.headers().firstValue("Location")).hasValueSatisfying(
                    l -> assertThat(l).endsWith(payoutPath + "?sent=again"));
        }
        assertThat(owner.get(payoutPath + "?sent=again").body()).contains("This payout was already sent")
                .contains(reference).contains("Supplier");
        assertThat(payouts(merchant)).isEqualTo(1);
        assertThat(available(merchant)).isEqualByComparingTo(funded.subtract(new BigDecimal("1100")));

        // Two confirms at once (a double click): one payout. A fee is never more than the amount paid out.
        HttpResponse<String> second = owner.post("/dashboard/payouts/preview", "amount", "100", "currency", "TZS",
                "msisdn", "255754000000", "provider", "mpesa-tz", "description", "");
        String[] secondConfirm = {"amount", "100.00", "currency", "TZS", "msisdn", "255754000000",
                "provider", "mpesa-tz", "description", "", "reference", hidden(second.body(), "reference"),
                "fee", hidden(second.body(), "fee"), "action", "confirm"};
        String twice = member.freshCode();
        ExecutorService clicks = Executors.newFixedThreadPool(2);
        List<Callable<HttpResponse<String>>> both = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            both.add(() -> owner.post("/dashboard/payouts", with(secondConfirm, "code", twice)));
        }
        List<Integer> answers = new ArrayList<>();
        for (Future<HttpResponse<String>> answer : clicks.invokeAll(both)) {
            answers.add(answer.get().statusCode());
        }
        clicks.shutdown();
        assertThat(answers).contains(303).allSatisfy(status -> assertThat(status).isIn(303, 400));
        assertThat(payouts(merchant)).isEqualTo(2);
        assertThat(available(merchant)).isEqualByComparingTo(funded.subtract(new BigDecimal("1300")));

        HttpResponse<String> tooMuch = owner.post("/dashboard/payouts/preview", "amount", "300", "currency", "TZS",
                "msisdn", "0754 000 000", "provider", "", "description", "");
        assertThat(tooMuch.statusCode()).isEqualTo(400);
        assertThat(tooMuch.body()).contains("Your available balance (TZS 500) does not cover the amount and the fee "
                + "(TZS 600)").contains("aria-invalid=\"true\"");
        assertThat(payouts(merchant)).isEqualTo(2);

        HttpResponse<String> listed = owner.get("/dashboard/payouts");
        assertThat(listed.body()).contains(reference).contains("TZS 600").contains("TZS 100").contains("TZS 500")
                .contains("+255 754 000 000").contains("Vodacom M-Pesa");
        assertThat(jdbc.queryForList("SELECT action FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID) "
                + "AND action = 'payout_created'", String.class, merchant)).hasSize(2);
    }

    @Test
    void developersAndViewersSeePayoutsButMayNotPayOut() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("PD-1");
        String merchant = shop.merchantId();
        FormBrowser developer = DashboardMember.invite(admin, port, clock, merchant, "dev-pd@duka.co.tz", "DEVELOPER")
                .browser();
        String link = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"viewer-pd@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText();
        FormBrowser viewer = new FormBrowser(port).acceptAndSignIn(link, "viewer-pd@duka.co.tz", "a quiet blue lake");

        for (FormBrowser member : List.of(developer, viewer)) {
            HttpResponse<String> page = member.get("/dashboard/payouts");
            assertThat(page.statusCode()).isEqualTo(200);
            assertThat(page.body()).contains("Payouts sent").doesNotContain("/dashboard/payouts/preview");
            assertThat(member.post("/dashboard/payouts/preview", "amount", "100", "currency", "TZS", "msisdn",
                    "255754000000").statusCode()).isEqualTo(403);
            assertThat(member.post("/dashboard/payouts", "amount", "100", "currency", "TZS", "msisdn", "255754000000",
                    "reference", "DASH-0000000000000000", "fee", "500.00", "code", "123456").statusCode())
                    .isEqualTo(403);
        }
        assertThat(payouts(merchant)).isZero();
        assertThat(viewer.get("/dashboard/payouts/" + java.util.UUID.randomUUID()).statusCode()).isEqualTo(404);
        assertThat(viewer.get("/dashboard/payouts/nope").statusCode()).isEqualTo(404);
    }

    /** The token API's fee preview for the same payout, with a key of the merchant's. */
    private JsonNode feePreview(String merchant, String amount, String msisdn) {
        String key = admin.post("/admin/v1/merchants/" + merchant + "/api-keys", "{\"name\": \"fees\", \"livemode\": "
                + "false, \"scopes\": [\"payments.read\"], \"allowed_ips\": []}").json().get("key").asText();
        String token = http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key", key,
                "Content-Type", "application/x-www-form-urlencoded").json().get("access_token").asText();
        return http.bearer(token).post("/api/v1/fees/preview", "{\"amount\": " + amount + ", \"currency\": \"TZS\", "
                + "\"type\": \"payout\", \"msisdn\": \"" + msisdn + "\"}", "Content-Type", "application/json").json();
    }

    private BigDecimal available(String merchant) {
        return jdbc.queryForObject("SELECT available FROM balance WHERE merchant_id = CAST(? AS UUID) AND livemode = "
                + "FALSE AND currency = 'TZS'", BigDecimal.class, merchant);
    }

    private int payouts(String merchant) {
        return jdbc.queryForObject("SELECT count(*) FROM payout WHERE merchant_id = CAST(? AS UUID)", Integer.class,
                merchant);
    }

    private static String[] with(String[] fields, String name, String value) {
        List<String> all = new ArrayList<>(List.of(fields));
        all.add(name);
        all.add(value);
        return all.toArray(String[]::new);
    }

    private static String hidden(String html, String name) {
        Matcher matcher = Pattern.compile("type=\"hidden\" name=\"" + name + "\" value=\"([^\"]*)\"").matcher(html);
        assertThat(matcher.find()).as("hidden " + name).isTrue();
        return matcher.group(1);
    }
}
