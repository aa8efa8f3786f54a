package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CallbackReceiver.Received;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The developers' pages over HTTP: keys with an allow-list and an expiry (refused from another
 * address, a wrong block refused with nothing stored), rotated with a grace; checkout credentials
 * issued, rotated and revoked as the checkout API then sees them; a webhook endpoint created, sent
 * a signed test event, changed, disabled, its failed delivery retried, deleted; provider settings
 * as the token API then reads them; and who may not: other roles (403), other merchants and the
 * other mode (404).
 */
class DashboardDevelopersIT extends PostgresIT {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ZoneId MALIPO_ZONE = ZoneId.of("Africa/Dar_es_Salaam");

    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @Test
    void aKeyWithAnAllowListAndAnExpiryWorksOnlyFromItsAddressesAndARotatedKeyLeavesTheOldOneItsGrace()
            throws Exception {
        String merchant = onboardMerchant();
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-d1@duka.co.tz", "OWNER");
        FormBrowser browser = owner.browser();
        browser.get("/dashboard/developers");

        HttpResponse<String> badBlock = browser.post("/dashboard/developers/keys", "name", "till",
                "scope.payments.read", "on", "allowed_ips", "127.0.0.1\n10.1.2.3/8", "code", owner.freshCode());
        assertThat(badBlock.statusCode()).isEqualTo(400);
        assertThat(badBlock.body()).contains("Line 2 (&quot;10.1.2.3/8&quot;) is not an IPv4 or IPv6 address or CIDR block")
                .contains("aria-describedby=\"h-ips e-allowed_ips\"").contains("10.1.2.3/8</textarea>");
        HttpResponse<String> past = browser.post("/dashboard/developers/keys", "name", "till",
                "scope.payments.read", "on", "expires_date", "2020-01-01", "code", owner.freshCode());
        assertThat(past.statusCode()).isEqualTo(400);
        assertThat(past.body()).contains("The expiry must be in the future");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM api_key WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, merchant)).isZero();

        LocalDate lastDay = LocalDate.ofInstant(clock.instant(), MALIPO_ZONE).plusDays(30);
        HttpResponse<String> created = browser.post("/dashboard/developers/keys", "name", "till",
                "scope.payments.read", "on", "allowed_ips", " 127.0.0.1 \n\n2001:DB8::/32\n", "expires_date",
                lastDay.toString(), "code", owner.freshCode());
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String key = match(created.body(), "id=\"new-key\" type=\"text\" readonly value=\"(mk_test_[^\"]+)\"");
        Map<String, Object> stored = jdbc.queryForMap("SELECT CAST(id AS VARCHAR) AS id, allowed_ips, expires_at "
                + "FROM api_key WHERE merchant_id = CAST(? AS UUID)", merchant);
        assertThat(stored.get("allowed_ips")).as("as the admin API stores it").isEqualTo("127.0.0.1/32 2001:db8::/32");
        assertThat(((java.sql.Timestamp) stored.get("expires_at")).toInstant())
                .isEqualTo(lastDay.plusDays(1).atStartOfDay(MALIPO_ZONE).toInstant());
        assertThat(browser.get("/dashboard/developers").body()).contains("Active, expires").contains("2001:db8::/32")
                .doesNotContain(key);

        assertThat(token(key, "127.0.0.1").status()).isEqualTo(200);
        assertThat(token(key, "127.0.0.2").status()).as("from an address outside the list").isEqualTo(401);

        String keyId = (String) stored.get("id");
        assertThat(browser.get("/dashboard/developers/keys/" + keyId + "/rotate").body()).contains("Rotate the key till");
        HttpResponse<String> badGrace = browser.post("/dashboard/developers/keys/" + keyId + "/rotate", "grace",
                "a week", "code", owner.freshCode());
        assertThat(badGrace.statusCode()).isEqualTo(400);
        assertThat(badGrace.body()).contains("Enter a whole number of minutes from 0 to 10080")
                .contains("aria-invalid=\"true\"");
        HttpResponse<String> rotated = browser.post("/dashboard/developers/keys/" + keyId + "/rotate", "grace", "5",
                "code", owner.freshCode());
        assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(201);
        assertThat(rotated.body()).contains("The old key keeps working until");
        String newKey = match(rotated.body(), "id=\"new-key\" type=\"text\" readonly value=\"(mk_test_[^\"]+)\"");
        assertThat(newKey).isNotEqualTo(key);

        assertThat(token(newKey, "127.0.0.1").status()).isEqualTo(200);
        assertThat(token(key, "127.0.0.1").status()).as("the old key during its grace").isEqualTo(200);
        clock.advance(Duration.ofMinutes(6));
        assertThat(token(key, "127.0.0.1").status()).as("the old key after its grace").isEqualTo(401);
        assertThat(token(newKey, "127.0.0.1").status()).isEqualTo(200);
        assertThat(token(newKey, "127.0.0.2").status()).as("the allow-list stays").isEqualTo(401);
        assertThat(audit(merchant)).contains("api_key_created", "api_key_rotated");

        FormBrowser stranger = DashboardMember.invite(admin, port, clock, onboardMerchant(), "owner-d1x@duka.co.tz",
                "OWNER").browser();
        assertThat(stranger.get("/dashboard/developers/keys/" + keyId + "/rotate").statusCode()).isEqualTo(404);
        assertThat(stranger.get("/dashboard/developers/keys/not-a-key/rotate").statusCode()).isEqualTo(404);
    }

    @Test
    void checkoutCredentialsAreIssuedRotatedAndRevokedAndTheCheckoutApiFollowsThem() throws Exception {
        String merchant = onboardMerchant();
        String vendor = admin.get("/admin/v1/merchants/" + merchant).json().get("vendor").asText();
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-d2@duka.co.tz", "OWNER");
        FormBrowser browser = owner.browser();
        browser.get("/dashboard/developers/checkout-credentials");

        assertThat(browser.post("/dashboard/developers/checkout-credentials", "code", "000000").statusCode())
                .isEqualTo(400);
        HttpResponse<String> issued = browser.post("/dashboard/developers/checkout-credentials", "code",
                owner.freshCode());
        assertThat(issued.statusCode()).as(issued.body()).isEqualTo(201);
        String secret = match(issued.body(), "id=\"new-secret\" type=\"text\" readonly value=\"(cs_test_[^\"]+)\"");
        String apiKey = match(issued.body(), "<code>(ck_test_[^<]+)</code>");
        assertThat(issued.body()).contains(vendor);
        assertThat(browser.get("/dashboard/developers/checkout-credentials").body()).contains(apiKey)
                .doesNotContain(secret);
        CheckoutClient shop = new CheckoutClient(http, clock, vendor, apiKey, secret);
        assertThat(orderStatus(shop)).as("an unknown order, asked with a good signature").isEqualTo(404);

        String credentialId = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM checkout_credential "
                + "WHERE merchant_id = CAST(? AS UUID)", String.class, merchant);
        HttpResponse<String> rotated = browser.post("/dashboard/developers/checkout-credentials/" + credentialId
                + "/rotate", "grace", "0", "code", owner.freshCode());
        assertThat(rotated.statusCode()).as(rotated.body()).isEqualTo(201);
        assertThat(rotated.body()).contains("The old secret stopped working at once");
        String newSecret = match(rotated.body(), "id=\"new-secret\" type=\"text\" readonly value=\"(cs_test_[^\"]+)\"");
        CheckoutClient rotatedShop = new CheckoutClient(http, clock, vendor, apiKey, newSecret);
        assertThat(orderStatus(shop)).as("the old secret, without grace").isEqualTo(401);
        assertThat(orderStatus(rotatedShop)).isEqualTo(404);

        assertThat(browser.post("/dashboard/developers/checkout-credentials/" + credentialId + "/revoke")
                .statusCode()).isEqualTo(303);
        assertThat(orderStatus(rotatedShop)).as("revoked").isEqualTo(401);
        assertThat(browser.get("/dashboard/developers/checkout-credentials").body()).contains("Revoked")
                .doesNotContain("/rotate\"");
        assertThat(audit(merchant)).contains("checkout_credential_issued", "checkout_credential_rotated",
                "checkout_credential_revoked");

        admin.post("/admin/v1/merchants/" + merchant + "/verify", "");
        browser.post("/dashboard/mode", "mode", "live");
        browser.get("/dashboard/developers/checkout-credentials");
        assertThat(browser.post("/dashboard/developers/checkout-credentials/" + credentialId + "/revoke")
                .statusCode()).as("a test credential, from live mode").isEqualTo(404);
        HttpResponse<String> live = browser.post("/dashboard/developers/checkout-credentials", "code",
                owner.freshCode());
        assertThat(live.statusCode()).isEqualTo(201);
        assertThat(live.body()).contains("value=\"cs_live_").contains("ck_live_").doesNotContain(apiKey);
    }

    @Test
    void aWebhookEndpointGetsASignedTestEventChangesPausesRetriesAFailedDeliveryAndGoes() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, receiver.url("/callback"));
        String merchant = shop.merchantId();
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-d3@duka.co.tz", "OWNER");
        FormBrowser browser = owner.browser();
        browser.get("/dashboard/developers/webhooks");

        HttpResponse<String> wrong = browser.post("/dashboard/developers/webhooks", "url", "shop.example.com/hooks",
                "event.all", "on");
        assertThat(wrong.statusCode()).isEqualTo(400);
        assertThat(wrong.body()).contains("Enter a whole address starting with https://");
        assertThat(browser.post("/dashboard/developers/webhooks", "url", "http://10.0.0.7/hooks", "event.all", "on")
                .body()).as("a private address").contains("Malipo sends only to public internet addresses");
        HttpResponse<String> created = browser.post("/dashboard/developers/webhooks", "url", receiver.url("/events"),
                "event.all", "on", "description", "shop back end");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        String secret = match(created.body(), "id=\"new-secret\" type=\"text\" readonly value=\"(whsec_[^\"]+)\"");
        String endpoint = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM webhook_endpoint "
                + "WHERE merchant_id = CAST(? AS UUID)", String.class, merchant);
        assertThat(browser.get("/dashboard/developers/webhooks").body()).contains(receiver.url("/events"))
                .doesNotContain(secret);

        String page = "/dashboard/developers/webhooks/" + endpoint;
        browser.get(page);
        assertThat(browser.post(page + "/test").statusCode()).isEqualTo(303);
        Await.until("the test event", () -> receiver.receivedAt("/events").size() == 1);
        Received test = receiver.receivedAt("/events").get(0);
        assertThat(signed(test, secret)).as("signed with the endpoint's secret").isTrue();
        JsonNode event = JSON.readTree(test.body());
        assertThat(event.get("type").asText()).isEqualTo("webhook.test");
        assertThat(event.get("data").get("object").get("id").asText()).isEqualTo(endpoint);
        Await.until("the test event's delivery to be logged", () -> jdbc.queryForObject("SELECT COUNT(*) FROM delivery "
                + "WHERE webhook_endpoint_id = CAST(? AS UUID) AND status = 'DELIVERED'", Integer.class, endpoint) == 1);
        assertThat(browser.get(page + "?done=test").body()).contains("webhook.test").contains("HTTP 200")
                .contains("A test event (webhook.test) is on its way");

        shop.paidOrder("WH-1");
        Await.until("the payment's event", () -> receiver.receivedAt("/events").size() == 2);
        assertThat(JSON.readTree(receiver.receivedAt("/events").get(1).body()).get("type").asText())
                .isEqualTo("payment.succeeded");

        browser.get(page);
        HttpResponse<String> notHttp = browser.post(page, "url", "ftp://shop.example.com/", "event.payment.succeeded",
                "on");
        assertThat(notHttp.statusCode()).isEqualTo(400);
        assertThat(notHttp.body()).contains("aria-describedby=\"h-url e-url\"");
        assertThat(browser.post(page, "url", receiver.url("/moved"), "event.payment.succeeded", "on",
                "event.payment.failed", "on").statusCode()).isEqualTo(303);
        assertThat(browser.get(page).body()).contains(receiver.url("/moved")).contains("payment.succeeded, payment.failed");

        assertThat(browser.post(page + "/disable").statusCode()).isEqualTo(303);
        assertThat(browser.get(page).body()).contains("Disabled").doesNotContain("Send a test event");
        assertThat(browser.post(page + "/test").statusCode()).isEqualTo(409);
        shop.paidOrder("WH-2");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM delivery WHERE webhook_endpoint_id = CAST(? AS UUID)",
                Integer.class, endpoint)).as("no event while disabled").isEqualTo(2);
        assertThat(browser.post(page + "/enable").statusCode()).isEqualTo(303);

        receiver.failWith(500);
        receiver.answerWith("{\"error\": \"the receiver is down for maintenance\"}");
        assertThat(browser.post(page + "/test").statusCode()).isEqualTo(303);
        String failed = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM delivery WHERE webhook_endpoint_id = "
                + "CAST(? AS UUID) AND source_type = 'WEBHOOK_ENDPOINT' ORDER BY seq DESC LIMIT 1", String.class,
                endpoint);
        Await.until("the failed attempt", () -> jdbc.queryForObject("SELECT COUNT(*) FROM delivery WHERE id = "
                + "CAST(? AS UUID) AND status = 'PENDING' AND attempts = 1 AND last_status = 500", Integer.class,
                failed) == 1);
        assertThat(browser.get(page).body()).contains("HTTP 500").contains("the receiver is down for maintenance")
                .contains("Retry now");
        receiver.recover();
        receiver.answerWith(null);
        assertThat(browser.post(page + "/deliveries/" + failed + "/retry").statusCode()).isEqualTo(303);
        Await.until("the retried delivery", () -> "DELIVERED".equals(jdbc.queryForObject(
                "SELECT status FROM delivery WHERE id = CAST(? AS UUID)", String.class, failed)));
        assertThat(browser.get(page + "?lang=sw").body()).as("in Swahili").contains("Jibu la mwisho")
                .contains("jaribio 1").contains("majaribio 2");
        browser.get(page + "?lang=en");
        assertThat(browser.get(page + "?before=yesterday").statusCode()).isEqualTo(400);
        List<Received> moved = receiver.receivedAt("/moved");
        assertThat(signed(moved.get(moved.size() - 1), secret)).as("the retry, to the new URL").isTrue();

        DashboardMember stranger = DashboardMember.invite(admin, port, clock, onboardMerchant(), "owner-d3x@duka.co.tz",
                "OWNER");
        assertThat(stranger.browser().get(page).statusCode()).isEqualTo(404);
        assertThat(stranger.browser().get("/dashboard/developers/webhooks/42").statusCode()).isEqualTo(404);
        stranger.browser().get("/dashboard/developers/webhooks");
        stranger.browser().post("/dashboard/developers/webhooks", "url", receiver.url("/stranger"), "event.all", "on");
        String strangers = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM webhook_endpoint WHERE url = ?",
                String.class, receiver.url("/stranger"));
        assertThat(stranger.browser().post("/dashboard/developers/webhooks/" + strangers + "/deliveries/" + failed
                + "/retry").statusCode()).as("another merchant's delivery").isEqualTo(404);

        assertThat(browser.get(page + "/delete").body()).contains("Delete this webhook endpoint?");
        assertThat(browser.post(page + "/delete").statusCode()).isEqualTo(303);
        assertThat(browser.get(page).statusCode()).isEqualTo(404);
        assertThat(audit(merchant)).contains("webhook_endpoint_created", "webhook_test_sent",
                "webhook_endpoint_changed", "webhook_endpoint_disabled", "webhook_endpoint_enabled",
                "webhook_delivery_retried", "webhook_endpoint_deleted");
    }

    @Test
    void providerSettingsSavedInTheDashboardAreWhatTheTokenApiReads() throws Exception {
        String merchant = onboardMerchant();
        DashboardMember developer = DashboardMember.invite(admin, port, clock, merchant, "dev-d4@duka.co.tz",
                "DEVELOPER");
        FormBrowser browser = developer.browser();
        assertThat(browser.get("/dashboard/developers/providers").body()).contains("Vodacom M-Pesa").contains("On");
        browser.get("/dashboard/developers/providers/mpesa-tz");

        HttpResponse<String> notAnAmount = browser.post("/dashboard/developers/providers/mpesa-tz", "enabled", "on",
                "min.TZS", "lots");
        assertThat(notAnAmount.statusCode()).isEqualTo(400);
        assertThat(notAnAmount.body()).contains("Enter an amount of at least 0.01")
                .contains("aria-describedby=\"h-limits-TZS e-min-TZS\"");
        assertThat(browser.post("/dashboard/developers/providers/mpesa-tz", "min.TZS", "5000", "max.TZS", "1000")
                .body()).contains("The least must not be above the most");
        assertThat(browser.post("/dashboard/developers/providers/mpesa-tz", "min.TZS", "0.001").body())
                .as("the API's rule: two decimals at most").contains("Enter an amount of at least 0.01");
        assertThat(browser.post("/dashboard/developers/providers/mpesa-tz", "min.TZS", "1,000", "max.TZS", "500000")
                .statusCode()).isEqualTo(303);
        assertThat(browser.get("/dashboard/developers/providers?saved=mpesa-tz").body())
                .contains("Settings for Vodacom M-Pesa saved").contains("Off (your settings)");
        assertThat(browser.get("/dashboard/developers/providers/no-such").statusCode()).isEqualTo(404);

        String key = admin.post("/admin/v1/merchants/" + merchant + "/api-keys", "{\"name\": \"back end\", "
                + "\"scopes\": [\"payments.write\"]}").json().get("key").asText();
        String token = http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key", key,
                "Content-Type", "application/x-www-form-urlencoded").json().get("access_token").asText();
        JsonNode setting = http.bearer(token).get("/api/v1/providers/mpesa-tz/settings").json();
        assertThat(setting.get("enabled").asBoolean()).isFalse();
        assertThat(setting.get("limits").get(0).get("currency").asText()).isEqualTo("TZS");
        assertThat(setting.get("limits").get(0).get("minAmount").decimalValue()).isEqualByComparingTo("1000");
        assertThat(setting.get("limits").get(0).get("maxAmount").decimalValue()).isEqualByComparingTo("500000");
        assertThat(audit(merchant)).contains("provider_settings_changed");
    }

    @Test
    void financeAndViewersAreRefusedEveryDevelopersPage() throws Exception {
        String merchant = onboardMerchant();
        for (String role : new String[] {"FINANCE", "VIEWER"}) {
            FormBrowser member = DashboardMember.invite(admin, port, clock, merchant,
                    role.toLowerCase() + "-d5@duka.co.tz", role).browser();
            for (String path : new String[] {"/dashboard/developers", "/dashboard/developers/checkout-credentials",
                    "/dashboard/developers/webhooks", "/dashboard/developers/providers",
                    "/dashboard/developers/providers/mpesa-tz"}) {
                assertThat(member.get(path).statusCode()).as(role + " " + path).isEqualTo(403);
            }
            member.get("/dashboard");
            assertThat(member.post("/dashboard/developers/webhooks", "url", receiver.url("/x"), "event.all", "on")
                    .statusCode()).as(role + " adding an endpoint").isEqualTo(403);
            assertThat(member.post("/dashboard/developers/checkout-credentials", "code", "000000").statusCode())
                    .isEqualTo(403);
        }
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM webhook_endpoint WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, merchant)).isZero();
    }

    /** The token endpoint's answer for a key, asked from a local address of this machine. */
    private Http.Response token(String key, String from) {
        return http.from(from, "POST", "/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key", key,
                "Content-Type", "application/x-www-form-urlencoded");
    }

    private int orderStatus(CheckoutClient shop) {
        return shop.get("/v1/checkout/order-status", "order_id=NO-SUCH-ORDER").send().status();
    }

    private List<String> audit(String merchant) {
        return jdbc.queryForList("SELECT action FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID)",
                String.class, merchant);
    }

    /** Checks the Standard Webhooks signature as a receiver does, with the whsec_ secret. */
    private static boolean signed(Received event, String secret) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
        mac.update((event.headers().get("webhook-id") + "." + event.headers().get("webhook-timestamp") + ".")
                .getBytes(StandardCharsets.UTF_8));
        String expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal(event.bytes()));
        return Arrays.asList(event.headers().get("webhook-signature").split(" ")).contains(expected);
    }

    private static String match(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex + " in " + text).isTrue();
        return matcher.group(1);
    }
}
