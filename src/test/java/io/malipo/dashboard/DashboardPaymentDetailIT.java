package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A payment's page in the dashboard: its timeline (what the provider was asked and answered, the
 * ledger, the deliveries with their attempts), sending a delivery again, refunds with a fresh code
 * (partial, full, refused, sent twice), who may do what, and the payments list as a CSV file.
 */
class DashboardPaymentDetailIT extends PostgresIT {

    private static final String APPROVED = "255754000000";

    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @Test
    void aCheckoutPaymentsTimelineShowsTheProviderLedgerAndCallbackAndResendAddsAnAttempt() throws Exception {
        receiver.answerWith("<b>thanks</b>, order PD-1 noted");
        Shop shop = new Shop(checkoutMerchant(), jdbc, receiver.url());
        UUID delivery = shop.paidOrder("PD-1");
        Await.until("the callback's attempt to be logged", () -> attempts(delivery) == 1);
        String payment = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM payment WHERE transid = 'T-PD-1'",
                String.class);
        FormBrowser owner = DashboardMember.invite(admin, port, clock, shop.merchantId(), "owner-pd1@duka.co.tz",
                "OWNER").browser();

        assertThat(owner.get("/dashboard/payments").body()).contains("href=\"/dashboard/payments/" + payment + "\"");
        HttpResponse<String> page = owner.get("/dashboard/payments/" + payment);
        assertThat(page.statusCode()).isEqualTo(200);
        String html = page.body();
        assertThat(html).contains("Payment of TZS 1,000")
                .contains("href=\"/dashboard/orders/" + shop.orderUuid("PD-1") + "\"")
                .contains("+255 754 000 000").contains("T-PD-1")
                .contains("Payment created for checkout order PD-1: TZS 1,000 asked of the payer through Vodacom M-Pesa.")
                .contains("Vodacom M-Pesa accepted the request.")
                .contains("Malipo asked Vodacom M-Pesa: it went through.")
                .contains("Payment succeeded: fee TZS 100, you receive TZS 900.")
                .contains("Ledger posting").contains("Your balance").contains("+900").contains("Malipo&#39;s fees")
                .contains("Vodacom M-Pesa (in transit)").contains("-1,000")
                .contains("Checkout callback to 127.0.0.1:" + receiver.port() + "/callback")
                .contains("Status: Delivered")
                .as("the receiver's answer, as text").contains("&lt;b&gt;thanks&lt;/b&gt;, order PD-1 noted")
                .doesNotContain("<b>thanks</b>");
        assertThat(order(html, "Payment created", "accepted the request", "Malipo asked Vodacom M-Pesa: it went through",
                "Payment succeeded", "Ledger posting", "Checkout callback")).isTrue();

        HttpResponse<String> resent = owner.post("/dashboard/payments/" + payment + "/deliveries/" + delivery
                + "/resend");
        assertThat(resent.statusCode()).isEqualTo(303);
        Await.until("a second attempt", () -> attempts(delivery) == 2);
        assertThat(receiver.receivedFor("PD-1")).hasSize(2);
        String after = owner.get(resent.headers().firstValue("Location").orElseThrow().replaceFirst("#.*", ""))
                .body();
        assertThat(after).contains("Sent again");
        assertThat(after.split("noted</td>", -1)).as("both attempts shown").hasSize(3);
        assertThat(audit(shop.merchantId())).contains("delivery_resent");
    }

    @Test
    void aCollectionIsRefundedInPartThenInFullWithFreshCodesOnceEachAndNeverBeyondWhatIsLeft() throws Exception {
        ApiMerchant merchant = ApiMerchant.create(http, admin);
        Http api = merchant.api();
        Response endpoint = api.post("/api/v1/webhook-endpoints", "{\"url\": \"" + receiver.url("/events")
                + "\", \"events\": [\"*\"]}");
        assertThat(endpoint.status()).as(endpoint.body()).isEqualTo(201);
        collect(api, "PD-FUNDS", "100000");
        String payment = collect(api, "PD-2", "25000");
        Await.until("both payment events delivered", () -> receiver.receivedAt("/events").size() == 2);
        DashboardMember finance = DashboardMember.invite(admin, port, clock, merchant.id, "finance-pd2@duka.co.tz",
                "FINANCE");
        FormBrowser browser = finance.browser();

        String page = browser.get("/dashboard/payments/" + payment).body();
        assertThat(page).contains("Payment created through the token API: TZS 25,000 asked of the payer through "
                + "Vodacom M-Pesa.").contains("PD-2")
                .contains("Webhook event to 127.0.0.1:" + receiver.port() + "/events")
                .contains("Up to TZS 25,000 is left to refund").contains("value=\"25000\"");

        String key = key(page);
        HttpResponse<String> part = browser.post("/dashboard/payments/" + payment + "/refunds", "key", key,
                "amount", "5000", "reason", "one item returned", "code", finance.freshCode());
        assertThat(part.statusCode()).as(part.body()).isEqualTo(303);
        assertThat(reversals(payment)).isEqualTo(1);
        String refunded = browser.get(part.headers().firstValue("Location").orElseThrow()).body();
        assertThat(refunded).contains("Refund MLR").contains("of TZS 5,000 asked for").contains("Reason: one item returned");

        HttpResponse<String> repeat = browser.post("/dashboard/payments/" + payment + "/refunds", "key", key,
                "amount", "5000", "reason", "one item returned", "code", finance.freshCode());
        assertThat(repeat.statusCode()).isEqualTo(303);
        assertThat(browser.get(repeat.headers().firstValue("Location").orElseThrow()).body())
                .contains("This form was sent already");
        assertThat(reversals(payment)).as("the same form again refunds nothing more").isEqualTo(1);

        HttpResponse<String> tooMuch = browser.post("/dashboard/payments/" + payment + "/refunds", "key",
                key(browser.get("/dashboard/payments/" + payment).body()), "amount", "20000.01", "code",
                finance.freshCode());
        assertThat(tooMuch.statusCode()).isEqualTo(400);
        assertThat(tooMuch.body()).contains("That is more than is left to refund of this payment (TZS 20,000)")
                .contains("aria-invalid=\"true\"").contains("aria-describedby=\"e-refund-amount\"");
        assertThat(reversals(payment)).as("a refused refund makes no row").isEqualTo(1);

        HttpResponse<String> wrongCode = browser.post("/dashboard/payments/" + payment + "/refunds", "key",
                key(browser.get("/dashboard/payments/" + payment).body()), "amount", "1000", "code", "000000");
        assertThat(wrongCode.statusCode()).isEqualTo(400);
        assertThat(wrongCode.body()).contains("That code is not right");
        HttpResponse<String> noCode = browser.post("/dashboard/payments/" + payment + "/refunds", "key",
                key(browser.get("/dashboard/payments/" + payment).body()), "amount", "1000", "code", "");
        assertThat(noCode.statusCode()).isEqualTo(400);
        assertThat(noCode.body()).contains("Enter the 6 digits your authenticator app shows now");
        assertThat(reversals(payment)).isEqualTo(1);

        awaitReversals(payment, "SUCCEEDED", 1);
        String last = key(browser.get("/dashboard/payments/" + payment).body());
        String code = finance.freshCode();
        ExecutorService twice = Executors.newFixedThreadPool(2);
        List<Callable<HttpResponse<String>>> clicks = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            clicks.add(() -> browser.post("/dashboard/payments/" + payment + "/refunds", "key", last, "amount",
                    "20000", "code", code));
        }
        List<Integer> answers = new ArrayList<>();
        for (Future<HttpResponse<String>> answer : twice.invokeAll(clicks)) {
            answers.add(answer.get().statusCode());
        }
        twice.shutdown();
        assertThat(answers).contains(303);
        assertThat(reversals(payment)).as("a form sent twice at once refunds once").isEqualTo(2);
        awaitReversals(payment, "SUCCEEDED", 2);

        String full = browser.get("/dashboard/payments/" + payment).body();
        assertThat(full).contains("REVERSED").contains("<dd>TZS 25,000</dd>")
                .contains("Nothing is left to refund").doesNotContain("/refunds\"")
                .contains("accepted the request").contains("Refund MLR");
        assertThat(jdbc.queryForObject("SELECT amount_reversed FROM payment WHERE id = CAST(? AS UUID)",
                BigDecimal.class, payment)).isEqualByComparingTo("25000");
        assertThat(audit(merchant.id)).filteredOn("refund_created"::equals).hasSize(2);
    }

    @Test
    void aViewerCannotRefundAndNoOneReachesAnotherMerchantsOrTheOtherModesPayment() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, receiver.url());
        UUID delivery = shop.paidOrder("PD-3");
        String payment = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM payment WHERE transid = 'T-PD-3'",
                String.class);
        String link = admin.post("/admin/v1/merchants/" + shop.merchantId() + "/users",
                "{\"email\": \"viewer-pd3@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText();
        FormBrowser viewer = new FormBrowser(port).acceptAndSignIn(link, "viewer-pd3@duka.co.tz", "a quiet blue lake");

        String page = viewer.get("/dashboard/payments/" + payment).body();
        assertThat(page).contains("Payment of TZS 1,000").doesNotContain("/refunds").doesNotContain("/resend");
        assertThat(viewer.post("/dashboard/payments/" + payment + "/refunds", "key", "dash_AAAAAAAAAAAA", "amount",
                "100", "code", "123456").statusCode()).isEqualTo(403);
        assertThat(viewer.post("/dashboard/payments/" + payment + "/deliveries/" + delivery + "/resend")
                .statusCode()).isEqualTo(403);
        assertThat(reversals(payment)).isZero();

        Shop other = new Shop(checkoutMerchant(), jdbc, receiver.url());
        other.paidOrder("PD-4");
        String its = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM payment WHERE transid = 'T-PD-4'",
                String.class);
        DashboardMember stranger = DashboardMember.invite(admin, port, clock, other.merchantId(),
                "owner-pd4@duka.co.tz", "OWNER");
        FormBrowser owner = stranger.browser();
        assertThat(owner.get("/dashboard/payments/" + payment).statusCode()).isEqualTo(404);
        owner.get("/dashboard/payments/" + its);
        assertThat(owner.post("/dashboard/payments/" + payment + "/refunds", "key", "dash_BBBBBBBBBBBB", "amount",
                "100", "code", stranger.freshCode()).statusCode()).isEqualTo(404);
        assertThat(owner.post("/dashboard/payments/" + its + "/deliveries/" + delivery + "/resend").statusCode())
                .as("another merchant's delivery, through one's own payment").isEqualTo(404);
        assertThat(owner.get("/dashboard/payments/not-a-uuid").statusCode()).isEqualTo(404);
        assertThat(reversals(payment)).isZero();
        assertThat(attempts(delivery)).isEqualTo(1);

        owner.get("/dashboard");
        assertThat(owner.post("/dashboard/mode", "mode", "live", "back", "/dashboard/payments/" + its).statusCode())
                .isEqualTo(303);
        HttpResponse<String> live = owner.get("/dashboard/payments/" + its);
        assertThat(live.statusCode()).as("a test payment in live mode").isEqualTo(404);
        assertThat(live.body()).contains("switch to test mode first");
    }

    @Test
    void theCsvHasTheListsFiltersEscapesAndDefusesCellsAndReadsMoreThanOneBatch() throws Exception {
        String merchant = onboardMerchant();
        List<String> awkward = List.of("=HYPERLINK(\"http://x\")", "+255", "-5", "@SUM(A1)", "\tTAB", "a,b",
                "say \"hi\"", "two\nlines");
        int count = PaymentsCsv.BATCH + 20;
        Instant start = Instant.parse("2026-03-01T09:00:00Z");
        List<Object[]> payments = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            boolean failed = i % 10 == 9;
            Timestamp created = Timestamp.from(start.plusSeconds(60L * i));
            payments.add(new Object[] {UUID.randomUUID(), merchant, new BigDecimal(1000 + i),
                i < awkward.size() ? awkward.get(i) : "CSV-" + i, "MLPCSV" + i, failed ? "FAILED" : "SUCCEEDED",
                failed ? "declined" : null, created, created});
        }
        jdbc.batchUpdate("INSERT INTO payment (id, merchant_id, livemode, kind, channel, provider, amount, fee, currency, "
                + "msisdn, merchant_reference, reference, status, failure_code, created_at, updated_at) VALUES (?, "
                + "CAST(? AS UUID), FALSE, 'COLLECTION', 'WALLET_PULL', 'mpesa-tz', ?, 15.00, 'TZS', '255754000000', "
                + "?, ?, ?, ?, ?, ?)", payments);
        FormBrowser member = DashboardMember.invite(admin, port, clock, merchant, "viewer-csv@duka.co.tz", "VIEWER")
                .browser();

        assertThat(member.get("/dashboard/payments?status=FAILED").body())
                .contains("href=\"/dashboard/payments.csv?status=FAILED\"");
        HttpResponse<String> all = member.get("/dashboard/payments.csv");
        assertThat(all.statusCode()).isEqualTo(200);
        assertThat(all.headers().firstValue("Content-Type").orElseThrow()).matches("text/csv; ?charset=UTF-8");
        assertThat(all.headers().firstValue("Content-Disposition")).hasValue("attachment; filename=\"malipo-payments-test-"
                + LocalDate.ofInstant(clock.instant(), ZoneId.of("Africa/Dar_es_Salaam")) + ".csv\"");
        assertThat(all.headers().firstValue("Content-Length")).as("streamed, not read whole first").isEmpty();
        List<List<String>> rows = parse(all.body());
        assertThat(rows.get(0)).containsExactly("created", "id", "status", "amount", "fee", "currency", "channel",
                "provider", "your reference", "Malipo reference", "provider reference", "order id", "payer number",
                "failure code", "amount refunded");
        assertThat(rows).hasSize(count + 1);
        assertThat(rows.get(1)).startsWith("2026-03-01T20:39:00+03:00").contains("1519.00", "15.00", "TZS",
                "WALLET_PULL", "Vodacom M-Pesa", "CSV-519", "MLPCSV519", "255754000000", "0.00");
        assertThat(rows.stream().map(r -> r.get(8)).toList()).contains("'=HYPERLINK(\"http://x\")", "'+255", "'-5",
                "'@SUM(A1)", "'\tTAB", "a,b", "say \"hi\"", "two\nlines");
        assertThat(all.body()).contains("\"'=HYPERLINK(\"\"http://x\"\")\"").contains("\r\n");

        List<List<String>> failed = parse(member.get("/dashboard/payments.csv?status=FAILED&min=1100").body());
        assertThat(failed).hasSize(1 + 42);
        assertThat(failed.subList(1, failed.size())).allSatisfy(r -> assertThat(r.get(2)).isEqualTo("FAILED"))
                .allSatisfy(r -> assertThat(r.get(13)).isEqualTo("declined"));

        HttpResponse<String> wrong = member.get("/dashboard/payments.csv?from=yesterday");
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Enter a date as YYYY-MM-DD").contains("aria-invalid=\"true\"");
    }

    private String collect(Http api, String reference, String amount) {
        Response created = api.post("/api/v1/collections", "{\"amount\": " + amount + ", \"currency\": \"TZS\", "
                + "\"msisdn\": \"" + APPROVED + "\", \"reference\": \"" + reference + "\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().get("id").asText();
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + id, "SUCCEEDED");
        return id;
    }

    private int attempts(UUID delivery) {
        return jdbc.queryForObject("SELECT count(*) FROM delivery_attempt WHERE delivery_id = ?", Integer.class,
                delivery);
    }

    private int reversals(String payment) {
        return jdbc.queryForObject("SELECT count(*) FROM reversal WHERE payment_id = CAST(? AS UUID)", Integer.class,
                payment);
    }

    private void awaitReversals(String payment, String status, int count) {
        Await.until(count + " reversals " + status, () -> jdbc.queryForObject("SELECT count(*) FROM reversal WHERE "
                + "payment_id = CAST(? AS UUID) AND status = ?", Integer.class, payment, status) == count);
    }

    private List<String> audit(String merchant) {
        return jdbc.queryForList("SELECT action FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID)", String.class,
                merchant);
    }

    /** The refund form's key, chosen when the page was rendered. */
    private static String key(String html) {
        Matcher key = Pattern.compile("name=\"key\" value=\"([^\"]+)\"").matcher(html);
        assertThat(key.find()).as("a refund form").isTrue();
        return key.group(1);
    }

    /** Whether the texts appear in this order. */
    private static boolean order(String html, String... texts) {
        int at = -1;
        for (String text : texts) {
            int found = html.indexOf(text, at + 1);
            if (found < 0) {
                return false;
            }
            at = found;
        }
        return true;
    }

    /** RFC 4180, as a spreadsheet reads it. */
    private static List<List<String>> parse(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(cell.toString());
                cell.setLength(0);
            } else if (c == '\r' && i + 1 < csv.length() && csv.charAt(i + 1) == '\n') {
                row.add(cell.toString());
                cell.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
                i++;
            } else {
                cell.append(c);
            }
        }
        assertThat(cell.length() == 0 && row.isEmpty()).as("the file ends with CRLF").isTrue();
        return rows;
    }
}
