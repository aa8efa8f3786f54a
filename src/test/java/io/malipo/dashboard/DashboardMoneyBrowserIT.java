package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.AuthenticatorApp;
import io.malipo.testsupport.Browser;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.WebElement;

/**
 * Orders and payouts in Chromium, as an Owner does it on a desktop and on a phone: the orders
 * list, an order with its attempts, cancelling one; the payouts page, a preview showing the fee,
 * and the confirm with a code. Each page checked by axe-core and saved as
 * target/screenshots/dashboard-orders-*.png and dashboard-payout-*.png.
 */
class DashboardMoneyBrowserIT extends PostgresIT {

    @RegisterExtension
    static final Browser browser = new Browser();

    @Test
    void anOwnerCancelsAnOrderAndPaysOutWithTheFeeShownFirst() throws Exception {
        Shop shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
        shop.paidOrder("MB-1");
        shop.paidOrder("MB-2");
        shop.order("MB-3", "2500");
        DashboardMember owner = DashboardMember.invite(admin, port, clock, shop.merchantId(), "owner-mb@duka.co.tz",
                "OWNER");

        browser.open(page("/dashboard/sign-in"), Browser.DESKTOP);
        type("#email", "owner-mb@duka.co.tz");
        type("#password", DashboardMember.PASSWORD);
        browser.find("main form button").click();
        browser.awaitText("Enter the code from your app", 5);
        type("#code", code(owner));
        browser.find("main form button").click();
        browser.awaitText("Balances", 5);

        browser.find("nav a[href='/dashboard/orders']").click();
        browser.awaitText("Checkout orders", 5);
        look("orders", "desktop-list");
        assertThat(browser.text()).contains("MB-1").contains("MB-3").contains("Waiting for payment").contains("Paid");
        browser.open(page("/dashboard/orders"), Browser.PHONE);
        browser.awaitText("Checkout orders", 5);
        look("orders", "phone-list");

        browser.find("main table a[href='/dashboard/orders/" + shop.orderUuid("MB-1") + "']").click();
        browser.awaitText("Payments tried (1)", 5);
        look("orders", "phone-order");
        assertThat(browser.text()).contains("Succeeded").contains("+255 754 000 000").contains("Vodacom M-Pesa");

        browser.open(page("/dashboard/orders/" + shop.orderUuid("MB-3")), Browser.DESKTOP);
        browser.awaitText("Cancel this order", 5);
        look("orders", "desktop-pending");
        browser.find("main section form button").click();
        browser.awaitText("The order is cancelled", 5);
        look("orders", "desktop-cancelled");
        assertThat(browser.text()).contains("Cancelled by your business").doesNotContain("Cancel this order");

        browser.find("nav a[href='/dashboard/payouts']").click();
        browser.awaitText("Payouts sent", 5);
        assertThat(browser.find("#p-amount").isDisplayed()).as("the form folded away").isFalse();
        browser.find("#pay-out summary").click();
        type("#p-msisdn", "0754 00");
        type("#p-amount", "600");
        browser.find("#pay-out form button").click();
        browser.awaitText("Enter a mobile number", 5);
        look("payout", "desktop-refused");
        assertThat(browser.find("#p-msisdn").getDomAttribute("aria-invalid")).isEqualTo("true");

        browser.open(page("/dashboard/payouts"), Browser.PHONE);
        browser.awaitText("Payouts sent", 5);
        browser.find("#pay-out summary").click();
        look("payout", "phone-form");
        type("#p-amount", "600");
        type("#p-msisdn", "0754 000 000");
        type("#p-description", "Supplier, November");
        browser.find("#pay-out form button").click();
        browser.awaitText("Check the payout", 5);
        look("payout", "phone-preview");
        assertThat(browser.text()).contains("TZS 500").contains("TZS 1,100").contains("TZS 1,800")
                .contains("+255 754 000 000");
        type("#payout-code", code(owner));
        browser.find("main form button[value='confirm']").click();
        browser.awaitText("Payout sent", 5);
        look("payout", "phone-sent");

        browser.open(page("/dashboard/payouts"), Browser.DESKTOP);
        browser.awaitText("Payouts sent", 5);
        look("payout", "desktop-list");
        assertThat(browser.text()).contains("DASH-").contains("TZS 600").contains("TZS 500");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payout WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, shop.merchantId())).isEqualTo(1);
    }

    private String page(String path) {
        return "http://localhost:" + port + path;
    }

    private void look(String part, String name) {
        browser.accessible().screenshot("dashboard-" + part + "-" + name);
    }

    private void type(String field, String text) {
        WebElement input = browser.find(field);
        input.clear();
        input.sendKeys(text);
    }

    /** The owner's next code, as the app on their phone shows it. */
    private String code(DashboardMember owner) {
        clock.advance(Duration.ofSeconds(30));
        return AuthenticatorApp.code(owner.secret(), clock.instant());
    }
}
