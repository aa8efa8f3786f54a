package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.Browser;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/**
 * A payment's page in Chromium, as an Owner uses it: find the payment, open it, send its callback
 * again, refund part of it with a code from the app; every page checked by axe-core and saved as
 * target/screenshots/dashboard-payment-*.png on a desktop and on a phone.
 */
class DashboardPaymentsBrowserIT extends PostgresIT {

    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @RegisterExtension
    static final Browser browser = new Browser();

    @Test
    void anOwnerFindsAPaymentSendsItsCallbackAgainAndRefundsPartOfIt() throws Exception {
        receiver.answerWith("{\"received\": true}");
        Shop shop = new Shop(checkoutMerchant(), jdbc, receiver.url());
        shop.paidOrder("BP-1");
        UUID delivery = shop.paidOrder("BP-2");
        Await.until("the callback delivered", () -> attempts(delivery) == 1);
        DashboardMember owner = DashboardMember.invite(admin, port, clock, shop.merchantId(), "owner-bp@duka.co.tz",
                "OWNER");

        browser.open("http://localhost:" + port + "/dashboard/sign-in", Browser.DESKTOP);
        type("#email", "owner-bp@duka.co.tz");
        type("#password", DashboardMember.PASSWORD);
        browser.find("main form button").click();
        browser.awaitText("Enter the code from your app", 5);
        type("#code", owner.freshCode());
        browser.find("main form button").click();
        browser.awaitText("Balances", 5);

        browser.find("nav a[href='/dashboard/payments']").click();
        browser.awaitText("Download CSV", 5);
        type("#f-q", "BP-2");
        browser.find("form.filters button").click();
        browser.awaitText("T-BP-2", 5);
        browser.accessible().screenshot("dashboard-payment-search-desktop");
        browser.find("main table a").click();
        browser.awaitText("What happened", 5);
        assertThat(browser.text()).contains("Payment of TZS 1,000").contains("BP-2")
                .contains("Vodacom M-Pesa accepted the request.").contains("Checkout callback to")
                .contains("{\"received\": true}");
        browser.accessible().screenshot("dashboard-payment-desktop");

        browser.find("form[action$='/resend'] button").click();
        browser.awaitText("Sent again", 5);
        Await.until("a second attempt", () -> attempts(delivery) == 2);
        String payment = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM payment WHERE transid = 'T-BP-2'",
                String.class);
        browser.open("http://localhost:" + port + "/dashboard/payments/" + payment, Browser.PHONE);
        browser.awaitText("What happened", 5);
        assertThat(browser.find("table.attempts tbody").findElements(By.tagName("tr"))).hasSize(2);
        browser.accessible().screenshot("dashboard-payment-phone");

        type("#refund-amount", "400");
        type("#refund-reason", "one bag was torn");
        type("#refund-code", owner.freshCode());
        browser.find("form[action$='/refunds'] button").click();
        browser.awaitText("of TZS 400 asked for", 5);
        assertThat(browser.text()).contains("Reason: one bag was torn").contains("Up to TZS 600 is left to refund");
        browser.accessible().screenshot("dashboard-payment-refunded-phone");

        type("#refund-amount", "5000");
        type("#refund-code", owner.freshCode());
        browser.find("form[action$='/refunds'] button").click();
        browser.awaitText("more than is left to refund", 5);
        assertThat(browser.find("#refund-amount").getDomAttribute("aria-invalid")).isEqualTo("true");
        browser.accessible().screenshot("dashboard-payment-refund-refused-phone");
    }

    private int attempts(UUID delivery) {
        return jdbc.queryForObject("SELECT count(*) FROM delivery_attempt WHERE delivery_id = ?", Integer.class,
                delivery);
    }

    private void type(String field, String text) {
        WebElement input = browser.find(field);
        input.clear();
        input.sendKeys(text);
    }
}
