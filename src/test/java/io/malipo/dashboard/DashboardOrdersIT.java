package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Checkout orders in the dashboard: the merchant's own, in the member's mode, listed newest first
 * a page at a time, each with the payments tried for it; cancelled through the checkout API's
 * own cancel, by the roles that may, while they wait for their payment.
 */
class DashboardOrdersIT extends PostgresIT {

    private static final String CALLBACK = "http://127.0.0.1:9/callback";

    @Test
    void aViewerPagesFiltersAndSearchesTheMerchantsOrdersAndSeesEachAttemptOfOne() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, CALLBACK);
        shop.paidOrder("DO-1");
        shop.order("DA-1", "5000");
        assertThat(shop.pay("DA-1", "T-DA-1a", "255754000001").status()).isEqualTo(200);
        Await.until("the declined attempt to give the order back", () -> "PENDING".equals(status(shop, "DA-1"))
                && jdbc.queryForObject("SELECT attempts FROM checkout_order WHERE id = ?", Integer.class,
                        shop.orderUuid("DA-1")) == 1);
        assertThat(shop.pay("DA-1", "T-DA-1b", Shop.PAYING_MSISDN).status()).isEqualTo(200);
        Await.until("the second attempt to pay the order", () -> "COMPLETED".equals(status(shop, "DA-1")));
        for (int i = 0; i < 50; i++) {
            shop.order(String.format("DP-%02d", i), "1000");
        }
        Shop other = new Shop(checkoutMerchant(), jdbc, CALLBACK);
        other.order("DA-1", "9000");

        FormBrowser viewer = viewer(shop, "viewer-do@duka.co.tz");
        HttpResponse<String> first = viewer.get("/dashboard/orders");
        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(rows(first.body())).isEqualTo(50);
        assertThat(first.body().indexOf("DP-49")).as("newest first").isLessThan(first.body().indexOf("DP-48"));
        String older = match(first.body(), "href=\"(/dashboard/orders\\?before=[0-9]+)\"");
        HttpResponse<String> second = viewer.get(older);
        assertThat(rows(second.body())).isEqualTo(2);
        assertThat(second.body()).contains("DO-1").contains("DA-1").doesNotContain(">DP-0").doesNotContain("before=");

        HttpResponse<String> paid = viewer.get("/dashboard/orders?status=COMPLETED");
        assertThat(rows(paid.body())).isEqualTo(2);
        assertThat(paid.body()).contains("Paid").doesNotContain(">DP-");
        HttpResponse<String> found = viewer.get("/dashboard/orders?q=DA-1");
        assertThat(rows(found.body())).as("this merchant's DA-1 only").isEqualTo(1);
        assertThat(found.body()).contains("TZS 5,000").contains("Asha").contains("+255 754 000 000")
                .doesNotContain("TZS 9,000");
        assertThat(viewer.get("/dashboard/orders?q=DP-07&status=COMPLETED").body())
                .contains("No order matches these filters");
        HttpResponse<String> wrong = viewer.get("/dashboard/orders?status=PAID");
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Choose a status from the list").contains("aria-invalid=\"true\"");

        UUID orderId = shop.orderUuid("DA-1");
        HttpResponse<String> order = viewer.get("/dashboard/orders/" + orderId);
        assertThat(order.statusCode()).isEqualTo(200);
        List<Map<String, Object>> attempts = jdbc.queryForList("SELECT id, status, failure_code FROM payment "
                + "WHERE checkout_order = ? ORDER BY seq", orderId);
        assertThat(attempts).hasSize(2);
        assertThat(order.body()).contains("Order DA-1").contains("TZS 5,000").contains("Payments tried (2)")
                .contains("href=\"/dashboard/payments/" + attempts.get(0).get("id") + "\"")
                .contains("href=\"/dashboard/payments/" + attempts.get(1).get("id") + "\"")
                .contains("+255 754 000 001").contains("FAILED").contains("SUCCEEDED")
                .contains((String) attempts.get(0).get("failure_code")).contains("MOBILEMONEYPULL")
                .contains(CALLBACK).doesNotContain("Cancel this order");
        assertThat(order.body().indexOf("+255 754 000 001")).as("oldest attempt first")
                .isLessThan(order.body().indexOf("SUCCEEDED"));
        assertThat(viewer.get("/dashboard/orders/" + shop.orderUuid("DP-00")).body()).as("a Viewer cannot cancel")
                .contains("Waiting for payment").doesNotContain("Cancel this order");

        assertThat(viewer.get("/dashboard/orders/" + other.orderUuid("DA-1")).statusCode()).as("another merchant's")
                .isEqualTo(404);
        assertThat(viewer.get("/dashboard/orders/not-a-uuid").statusCode()).isEqualTo(404);
    }

    @Test
    void financeCancelsAPendingOrderAsTheApiWouldButNeverAPaidOneAndAViewerMayNot() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, CALLBACK);
        shop.order("DC-1", "2500");
        shop.paidOrder("DC-2");
        shop.order("DC-3", "2500");
        Shop other = new Shop(checkoutMerchant(), jdbc, CALLBACK);
        other.order("DC-1", "2500");
        FormBrowser finance = DashboardMember.invite(admin, port, clock, shop.merchantId(), "finance-dc@duka.co.tz",
                "FINANCE").browser();

        UUID pending = shop.orderUuid("DC-1");
        assertThat(finance.get("/dashboard/orders/" + pending).body()).contains("Cancel this order");
        HttpResponse<String> cancelled = finance.post("/dashboard/orders/" + pending + "/cancel");
        assertThat(cancelled.statusCode()).isEqualTo(303);
        assertThat(cancelled.headers().firstValue("Location")).hasValueSatisfying(
                location -> assertThat(location).endsWith("/dashboard/orders/" + pending + "?done=cancelled"));
        assertThat(jdbc.queryForMap("SELECT payment_status, cancel_reason FROM checkout_order WHERE id = ?", pending))
                .containsEntry("payment_status", "CANCELLED").containsEntry("cancel_reason", "MERCHANT");
        assertThat(shop.client.get("/v1/checkout/order-status", "order_id=DC-1").send().json().get("data").get(0)
                .get("payment_status").asText()).isEqualTo("CANCELLED");
        assertThat(finance.get("/dashboard/orders/" + pending + "?done=cancelled").body())
                .contains("The order is cancelled").contains("Cancelled by your business")
                .doesNotContain("Cancel this order");
        assertThat(finance.post("/dashboard/orders/" + pending + "/cancel").statusCode()).as("sent again")
                .isEqualTo(303);
        assertThat(jdbc.queryForList("SELECT action FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID) "
                + "AND action = 'order_cancelled'", String.class, shop.merchantId())).as("cancelled once").hasSize(1);

        UUID paid = shop.orderUuid("DC-2");
        finance.get("/dashboard/orders/" + paid);
        HttpResponse<String> refused = finance.post("/dashboard/orders/" + paid + "/cancel");
        assertThat(refused.statusCode()).isEqualTo(400);
        assertThat(refused.body()).contains("The order is paid, so it cannot be cancelled").contains("role=\"alert\"");
        assertThat(status(shop, "DC-2")).isEqualTo("COMPLETED");

        UUID waiting = shop.orderUuid("DC-3");
        FormBrowser viewer = viewer(shop, "viewer-dc@duka.co.tz");
        viewer.get("/dashboard/orders/" + waiting);
        HttpResponse<String> forbidden = viewer.post("/dashboard/orders/" + waiting + "/cancel");
        assertThat(forbidden.statusCode()).isEqualTo(403);
        assertThat(forbidden.body()).contains("Viewers see payments and balances");
        assertThat(status(shop, "DC-3")).isEqualTo("PENDING");

        UUID foreign = other.orderUuid("DC-1");
        assertThat(finance.post("/dashboard/orders/" + foreign + "/cancel").statusCode()).isEqualTo(404);
        assertThat(finance.post("/dashboard/orders/DC-3/cancel").statusCode()).as("not an id").isEqualTo(404);
        assertThat(status(other, "DC-1")).isEqualTo("PENDING");

        finance.get("/dashboard");
        assertThat(finance.post("/dashboard/mode", "mode", "live").statusCode()).isEqualTo(303);
        assertThat(finance.get("/dashboard/orders/" + waiting).statusCode()).as("a test order in live mode")
                .isEqualTo(404);
        assertThat(finance.post("/dashboard/orders/" + waiting + "/cancel").statusCode()).isEqualTo(404);
        assertThat(finance.get("/dashboard/orders").body()).contains("No orders yet").doesNotContain(">DC-3<");
        assertThat(status(shop, "DC-3")).isEqualTo("PENDING");
    }

    private FormBrowser viewer(Shop shop, String email) throws Exception {
        String link = admin.post("/admin/v1/merchants/" + shop.merchantId() + "/users",
                "{\"email\": \"" + email + "\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText();
        return new FormBrowser(port).acceptAndSignIn(link, email, "a quiet blue lake");
    }

    private String status(Shop shop, String orderId) {
        return jdbc.queryForObject("SELECT payment_status FROM checkout_order WHERE id = ?", String.class,
                shop.orderUuid(orderId));
    }

    private static long rows(String html) {
        return html.split("<tr>", -1).length - 2;
    }

    private static String match(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex).isTrue();
        return matcher.group(1);
    }
}
