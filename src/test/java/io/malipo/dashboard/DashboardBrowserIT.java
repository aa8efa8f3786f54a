package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Browser;
import io.malipo.testsupport.AuthenticatorApp;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.WebElement;

/**
 * The dashboard's way in, in Chromium on a phone: an invitation, a password, the second factor
 * set up with a code, the recovery codes, the home page, signing out and in again; each page
 * checked by axe-core and saved under target/screenshots/dashboard-*.png.
 */
class DashboardBrowserIT extends PostgresIT {

    @RegisterExtension
    static final Browser browser = new Browser();

    @Test
    void anInvitedOwnerSetsUpTwoFactorsAndSignsIn() throws Exception {
        String merchant = onboardMerchant();
        String link = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"asha-browser@duka.co.tz\", \"role\": \"OWNER\"}").json().get("invitation_url").asText();

        browser.open(link.replaceFirst("^http://[^/]+", "http://localhost:" + port), Browser.PHONE);
        look("invitation");
        type("#password", "jua kali mvua nyingi");
        type("#repeat", "jua kali mvua nyingi");
        browser.find("main form button").click();

        browser.awaitText("Sign in to your dashboard", 5);
        type("#email", "asha-browser@duka.co.tz");
        type("#password", "jua kali mvua nyingi");
        browser.find("main form button").click();

        browser.awaitText("Set up your second factor", 5);
        look("two-factor-setup");
        String secret = browser.find("#secret").getText().replace(" ", "");
        type("#code", code(secret));
        browser.find("main form button").click();

        browser.awaitText("Keep your recovery codes", 5);
        look("recovery-codes");
        browser.find("main a.button").click();

        browser.awaitText("Balances", 5);
        look("home");
        assertThat(browser.text()).contains("Duka la Mama").contains("You are an Owner").contains("Test mode");

        browser.find("nav a[href='/dashboard/developers']").click();
        browser.awaitText("Create a key", 5);
        type("#key-name", "shop back end");
        browser.find("#scope-payments\\.read").click();
        clock.advance(java.time.Duration.ofSeconds(30));
        type("#key-code", code(secret));
        browser.find("main section form button").click();
        browser.awaitText("shown only this once", 5);
        look("key-created");
        assertThat(browser.find("#new-key").getDomProperty("value")).startsWith("mk_test_");
        assertThat(browser.find("button[data-copy]").isDisplayed()).as("the page's script shows the copy button").isTrue();

        browser.find("nav a[href='/dashboard/team']").click();
        browser.awaitText("Invite a teammate", 5);
        type("#invite-email", "juma-browser@duka.co.tz");
        browser.find("main section form button").click();
        browser.awaitText("Invitation for juma-browser@duka.co.tz ready", 5);
        look("team");
        browser.find("main a[href='/dashboard/audit']").click();
        browser.awaitText("Invited a teammate", 5);
        look("audit");

        browser.find("header form button").click();
        browser.awaitText("Sign in to your dashboard", 5);
        type("#email", "asha-browser@duka.co.tz");
        type("#password", "wrong password!");
        browser.find("main form button").click();
        browser.awaitText("The email or password is not right", 5);
        look("sign-in-refused");
        type("#password", "jua kali mvua nyingi");
        browser.find("main form button").click();
        browser.awaitText("Enter the code from your app", 5);
        look("code");
        clock.advance(java.time.Duration.ofSeconds(60));
        type("#code", code(secret));
        browser.find("main form button").click();
        browser.awaitText("Balances", 5);
    }

    @Test
    void aViewerFindsAPaymentOnADesktopAndOnAPhone() {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("DB-1");
        shop.paidOrder("DB-2");
        String link = admin.post("/admin/v1/merchants/" + shop.merchantId() + "/users",
                "{\"email\": \"viewer-browser@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url")
                .asText();
        browser.open(link.replaceFirst("^http://[^/]+", "http://localhost:" + port), Browser.DESKTOP);
        type("#password", "mango tree by the road");
        type("#repeat", "mango tree by the road");
        browser.find("main form button").click();
        browser.awaitText("Sign in to your dashboard", 5);
        type("#email", "viewer-browser@duka.co.tz");
        type("#password", "mango tree by the road");
        browser.find("main form button").click();
        browser.awaitText("Balances", 5);
        assertThat(browser.text()).contains("Collected per day, TZS, last 30 days");
        browser.accessible().screenshot("dashboard-desktop-home");

        browser.find("nav a[href='/dashboard/payments']").click();
        browser.awaitText("Paid with", 5);
        browser.accessible().screenshot("dashboard-desktop-payments");
        assertThat(browser.text()).contains("T-DB-1").contains("T-DB-2").contains("Succeeded");
        type("#f-q", "DB-2");
        browser.find("form.filters button").click();
        browser.awaitText("T-DB-2", 5);
        assertThat(browser.text()).doesNotContain("T-DB-1");

        browser.open("http://localhost:" + port + "/dashboard/payments?from=yesterday", Browser.PHONE);
        browser.awaitText("Enter a date as YYYY-MM-DD", 5);
        look("payments-filter-error");
    }

    private void look(String name) {
        browser.accessible().screenshot("dashboard-phone-" + name);
    }

    private void type(String field, String text) {
        WebElement input = browser.find(field);
        input.clear();
        input.sendKeys(text);
    }

    private String code(String secret) {
        return AuthenticatorApp.code(secret, clock.instant());
    }
}
