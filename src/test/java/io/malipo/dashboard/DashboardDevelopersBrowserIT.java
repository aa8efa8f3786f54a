package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.AuthenticatorApp;
import io.malipo.testsupport.Browser;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The developers' pages in Chromium, as an Owner goes through them on a phone: a key with an
 * allow-list (a wrong block first), rotated; a checkout credential; a webhook endpoint sent a test
 * event, and the question before deleting it; a provider's settings (a wrong amount first). Then
 * the same pages on a desktop. Each page is checked by axe-core and saved as
 * target/screenshots/dashboard-developers-*.png.
 */
class DashboardDevelopersBrowserIT extends PostgresIT {

    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @RegisterExtension
    static final Browser browser = new Browser();

    @Test
    void anOwnerManagesKeysCredentialsWebhooksAndProvidersOnAPhoneAndADesktop() throws Exception {
        String merchant = onboardMerchant();
        admin.post("/admin/v1/merchants/" + merchant + "/api-keys", "{\"name\": \"reports\", \"scopes\": "
                + "[\"payments.read\"], \"allowed_ips\": [\"198.51.100.0/24\"], \"expires_at\": \""
                + OffsetDateTime.now(clock).plusDays(90).withOffsetSameInstant(ZoneOffset.ofHours(3)).withNano(0)
                + "\"}");
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-db@duka.co.tz", "OWNER");
        signIn(owner);

        browser.find("nav a[href='/dashboard/developers']").click();
        browser.awaitText("Create a key", 5);
        assertThat(browser.text()).contains("reports").contains("Active, expires").contains("198.51.100.0/24");
        browser.type("#key-name", "shop back end");
        browser.find("#scope-payments\\.write").click();
        browser.type("#key-ips", "203.0.113.0/24\n10.1.2.3/8");
        browser.type("#key-code", code(owner));
        browser.find("main section form button[type='submit']").click();
        browser.awaitText("Line 2", 5);
        look("phone-key-refused");
        browser.type("#key-ips", "203.0.113.0/24\n2001:db8::/32");
        browser.type("#key-code", code(owner));
        browser.find("main section form button[type='submit']").click();
        browser.awaitText("shown only this once", 5);
        look("phone-keys");

        browser.find("a[aria-label='Rotate the key shop back end']").click();
        browser.awaitText("Rotate the key shop back end", 5);
        browser.type("#rotate-grace", "30");
        browser.type("#rotate-code", code(owner));
        look("phone-key-rotate");
        browser.find("main form button[type='submit']").click();
        browser.awaitText("The old key keeps working until", 5);
        assertThat(browser.find("#new-key").getDomProperty("value")).startsWith("mk_test_");

        browser.find(".subnav a[href='/dashboard/developers/checkout-credentials']").click();
        browser.awaitText("Issue a credential", 5);
        browser.type("#issue-code", code(owner));
        browser.find("main section form button[type='submit']").click();
        browser.awaitText("shown only this once", 5);
        assertThat(browser.find("#new-secret").getDomProperty("value")).startsWith("cs_test_");
        look("phone-credentials");

        browser.find(".subnav a[href='/dashboard/developers/webhooks']").click();
        browser.awaitText("Add an endpoint", 5);
        browser.type("#wh-url", receiver.url("/events"));
        browser.type("#wh-description", "shop back end");
        browser.find("main section form button[type='submit']").click();
        browser.awaitText("Copy its signing secret now", 5);
        assertThat(browser.find("#new-secret").getDomProperty("value")).startsWith("whsec_");
        look("phone-webhooks");
        browser.find("main a[href^='/dashboard/developers/webhooks/']").click();
        browser.awaitText("Send a test event", 5);
        browser.find("main .row-actions form button[type='submit']").click();
        browser.awaitText("is on its way", 5);
        Await.until("the test event", () -> receiver.receivedAt("/events").size() == 1);
        String endpointPage = "/dashboard/developers/webhooks/" + jdbc.queryForObject("SELECT CAST(id AS VARCHAR) "
                + "FROM webhook_endpoint WHERE merchant_id = CAST(? AS UUID)", String.class, merchant);
        Await.until("the delivery to be logged", () -> jdbc.queryForObject("SELECT COUNT(*) FROM delivery "
                + "WHERE merchant_id = CAST(? AS UUID) AND status = 'DELIVERED'", Integer.class, merchant) == 1);
        browser.open("http://localhost:" + port + endpointPage, Browser.PHONE).awaitText("HTTP 200", 5);
        look("phone-webhook");
        browser.find("main a[href$='/delete']").click();
        browser.awaitText("Delete this webhook endpoint?", 5);
        look("phone-webhook-delete");
        browser.find("main form a").click();
        browser.awaitText("Send a test event", 5);

        browser.find(".subnav a[href='/dashboard/developers/providers']").click();
        browser.awaitText("Vodacom M-Pesa", 5);
        look("phone-providers");
        browser.find("a[aria-label='Settings for Vodacom M-Pesa']").click();
        browser.awaitText("Settings for Vodacom M-Pesa", 5);
        browser.type("#min-TZS", "lots");
        browser.find("main form button[type='submit']").click();
        browser.awaitText("Enter an amount of at least 0.01", 5);
        look("phone-provider-refused");
        browser.type("#min-TZS", "1000");
        browser.find("main form button[type='submit']").click();
        browser.awaitText("Settings for Vodacom M-Pesa saved", 5);

        for (String[] page : new String[][] {{"/dashboard/developers", "keys", "Create a key"},
                {"/dashboard/developers/checkout-credentials", "credentials", "Issue a credential"},
                {endpointPage, "webhook", "HTTP 200"},
                {"/dashboard/developers/providers", "providers", "Vodacom M-Pesa"}}) {
            browser.open("http://localhost:" + port + page[0], Browser.DESKTOP).awaitText(page[2], 5);
            browser.accessible().screenshot("dashboard-developers-desktop-" + page[1]);
        }
    }

    private void signIn(DashboardMember owner) {
        browser.open("http://localhost:" + port + "/dashboard/sign-in", Browser.PHONE);
        browser.type("#email", "owner-db@duka.co.tz");
        browser.type("#password", DashboardMember.PASSWORD);
        browser.find("main form button").click();
        browser.awaitText("Enter the code from your app", 5);
        browser.type("#code", code(owner));
        browser.find("main form button").click();
        browser.awaitText("Balances", 5);
    }

    /** The next code of the member's app (a code is good once, so the clock moves on a step). */
    private String code(DashboardMember owner) {
        clock.advance(Duration.ofSeconds(30));
        return AuthenticatorApp.code(owner.secret(), clock.instant());
    }

    private void look(String name) {
        browser.accessible().screenshot("dashboard-developers-" + name);
    }
}
