package io.malipo.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Browser;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.util.UUID;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The payment page as buyers meet it, in Chromium: each journey at a phone's or a desktop's size,
 * checked by axe-core against WCAG 2.2 AA and saved as screenshots under target/screenshots/, and
 * the order checked through the checkout API afterwards.
 */
class PaymentPageBrowserIT extends PostgresIT {

    private static Browser browser;
    private Shop shop;
    @Autowired
    private ProducerTemplate camel;

    @BeforeAll
    static void browser() {
        browser = new Browser();
    }

    @AfterAll
    static void closeBrowser() {
        browser.close();
    }

    @BeforeEach
    void shop() {
        shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
    }

    @Test
    void aBuyerPaysByPushOnAPhoneAndSeesTheReceipt() {
        String shopPage = "http://localhost:" + port + "/actuator/health";
        shop.order("BR-1", "25000", ", \"header_colour\": \"#FFE600\", \"redirect_url\": \""
                + java.util.Base64.getEncoder().encodeToString(shopPage.getBytes()) + "\"");
        browser.open(url("BR-1"), Browser.PHONE);
        System.out.printf("payment-page: %s (cached style and script: %s)%n", browser.timings(),
                browser.open(url("BR-1"), Browser.PHONE).timings());
        browser.accessible().screenshot("pay-phone-open");
        assertThat(browser.text()).contains("TZS 25,000").contains("Pay with mobile money");

        type("#phone", "+254 712");
        assertThat(browser.find("#phone-network").getText()).contains("No mobile money network");
        type("#phone", "0754 000 000");
        assertThat(browser.find("#phone-network").getText()).isEqualTo("Vodacom M-Pesa");
        browser.find("form.push button").click();

        browser.awaitText("This order is paid", 15).accessible().screenshot("pay-phone-paid");
        assertThat(browser.text()).contains("Receipt").contains("Vodacom M-Pesa")
                .contains("Taking you back to the shop in");
        assertThat(orderStatus("BR-1")).isEqualTo("COMPLETED");
        browser.awaitUrl(shopPage, 10);
    }

    @Test
    void aDeclinedPushIsExplainedAndTheBuyerPaysWithAnotherNumber() {
        shop.order("BR-2", "1000");
        browser.open(url("BR-2"), Browser.PHONE);

        type("#phone", "+255 754 000 001");
        browser.find("form.push button").click();
        browser.awaitText("declined on the phone", 15).accessible().screenshot("pay-phone-declined");
        assertThat(orderStatus("BR-2")).isEqualTo("PENDING");

        type("#phone", "0754000000");
        browser.find("form.push button").click();
        browser.awaitText("Please wait", 5).accessible().screenshot("pay-phone-too-soon");
        assertThat(browser.find("#phone").getAttribute("aria-invalid")).isEqualTo("true");

        clock.advance(PaymentPageRoutes.PUSH_SPACING.plusSeconds(1));
        browser.find("form.push button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus("BR-2")).isEqualTo("COMPLETED");
    }

    @Test
    void onADesktopTheBuyerSwitchesToSwahiliAndSeesTheTokenAndQrCode() {
        shop.order("BR-3", "1500");
        browser.open(url("BR-3"), Browser.DESKTOP);

        browser.find("a[hreflang=sw]").click();
        browser.awaitText("Kiasi cha kulipa", 5);
        choose("token");

        browser.accessible().screenshot("pay-desktop-sw");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo("sw");
        WebElement qr = browser.find(".qr img");
        assertThat(Long.parseLong(qr.getDomProperty("naturalWidth"))).isPositive();
        assertThat(browser.text()).contains(jdbc.queryForObject(
                "SELECT payment_token FROM checkout_order WHERE id = ?", String.class, shop.orderUuid("BR-3")));
        // The choice is remembered.
        browser.open(url("BR-3"), Browser.PHONE);
        assertThat(browser.text()).contains("Lipa kwa pesa ya simu");
        browser.find("a[hreflang=en]").click();
        browser.awaitText("Amount to pay", 5);
    }

    @Test
    void anExpiredOrderAndAnUnknownLinkSayWhatToDo() {
        shop.order("BR-4", "1000", ", \"expiry\": 1");
        clock.advance(java.time.Duration.ofMinutes(2));

        browser.open(url("BR-4"), Browser.PHONE).accessible().screenshot("pay-phone-expired");
        assertThat(browser.text()).contains("This order has expired").doesNotContain("Pay with mobile money");

        browser.open("http://localhost:" + port + "/pay/" + UUID.randomUUID(), Browser.PHONE).accessible()
                .screenshot("pay-phone-not-found");
        assertThat(browser.text()).contains("This payment link is not valid");
    }

    @Test
    void aBuyerCorrectsAMistypedCardAndPaysByCardThenADeclinedCardIsExplained() {
        shop.cardOrder("BR-5", "3000");
        browser.open(url("BR-5"), Browser.PHONE);
        choose("card");
        type("#card-name", "Asha Mrema");
        type("#card-number", "4111 1111 1111 1112");
        type("#card-expiry", "12/" + (java.time.YearMonth.now().getYear() % 100 + 2));
        type("#card-csc", "123");
        browser.find("form.card button").click();

        // The page's script finds the mistake before anything is sent, in the server's words.
        browser.awaitText("not a valid card number", 5).accessible().screenshot("pay-phone-card-errors");
        assertThat(browser.find("#card-number").getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(browser.find("#card-brand").getText()).isEqualTo("Visa");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE checkout_order = ?", Integer.class,
                shop.orderUuid("BR-5"))).isZero();

        type("#card-number", "4111 1111 1111 1111");
        type("#card-expiry", "12/" + (java.time.YearMonth.now().getYear() % 100 + 2));
        type("#card-csc", "123");
        browser.find("form.card button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus("BR-5")).isEqualTo("COMPLETED");

        shop.cardOrder("BR-6", "3000");
        browser.open(url("BR-6"), Browser.PHONE);
        choose("card");
        type("#card-name", "Asha Mrema");
        type("#card-number", "4000 0000 0000 0002");
        type("#card-expiry", "01/" + (java.time.YearMonth.now().getYear() + 3));
        type("#card-csc", "123");
        browser.find("form.card button").click();
        browser.awaitText("The card was declined", 15).accessible().screenshot("pay-phone-card-declined");
        assertThat(orderStatus("BR-6")).isEqualTo("PENDING");
    }

    @Test
    void cancelGoesBackToTheShopAndAPaidOrderOpenedLaterShowsOnlyItsReceipt() {
        String cart = "http://localhost:" + port + "/actuator/health";
        shop.order("BR-7", "1000", ", \"cancel_url\": \""
                + java.util.Base64.getEncoder().encodeToString(cart.getBytes()) + "\"");
        browser.open(url("BR-7"), Browser.DESKTOP);
        browser.find("form.cancel button").click();
        browser.awaitUrl(cart, 5);
        assertThat(orderStatus("BR-7")).isEqualTo("USERCANCELLED");

        shop.paidOrder("BR-8");
        browser.open(url("BR-8"), Browser.DESKTOP).accessible().screenshot("pay-desktop-paid");
        assertThat(browser.text()).contains("This order is paid").contains("Receipt")
                .doesNotContain("Pay with mobile money").doesNotContain("Payment number");
    }

    @Test
    void onADesktopABuyerSavesACardWhilePayingAndPaysTheNextOrderWithOneTap() {
        String buyer = shop.cardOrder("BR-9", "4500", ", \"buyer_userid\": \"asha-9\", \"header_colour\": "
                + "\"#0B6E4F\", \"button_colour\": \"#F2C14E\", \"link_colour\": \"#0B6E4F\"").json().get("data")
                .get(0).get("gateway_buyer_uuid").asText();
        browser.open(url("BR-9"), Browser.DESKTOP);
        choose("card");
        type("#card-name", "Asha Mrema");
        type("#card-number", "5555 5555 5555 4444");
        assertThat(browser.find("#card-brand").getText()).isEqualTo("Mastercard");
        type("#card-expiry", "08/" + (java.time.YearMonth.now().getYear() % 100 + 3));
        type("#card-csc", "321");
        browser.find("#card-save").click();
        browser.accessible().screenshot("pay-desktop-card");
        browser.find("form.card button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus("BR-9")).isEqualTo("COMPLETED");

        shop.cardOrder("BR-10", "1200", ", \"buyer_userid\": \"asha-9\", \"header_colour\": \"#0B6E4F\", "
                + "\"button_colour\": \"#F2C14E\", \"link_colour\": \"#0B6E4F\"");
        browser.open(url("BR-10"), Browser.DESKTOP);
        // A buyer with a saved card sees it first.
        WebElement saved = browser.find("button.saved-card");
        assertThat(saved.getText()).contains("Mastercard").contains("4444").contains("expires 08/");
        browser.accessible().screenshot("pay-desktop-saved-card");
        saved.click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus("BR-10")).isEqualTo("COMPLETED");
        assertThat(shop.client.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=asha-9")
                .send().json().get("data").get(0).get("masked_card").asText()).isEqualTo("5555-55XX-XXXX-4444");
    }

    @Test
    void aPushNobodyAnswersCountsDownThenSaysSoAndTheBuyerTriesAgain() {
        shop.order("BR-11", "7000");
        browser.open(url("BR-11"), Browser.PHONE);
        type("#phone", "0754 000 003");
        browser.find("form.push button").click();

        browser.awaitText("Time left to approve", 10).accessible().screenshot("pay-phone-waiting");
        assertThat(browser.find("#approve-left").getText()).matches("[12]:[0-5][0-9]");

        clock.advance(java.time.Duration.ofMinutes(3));
        browser.open(url("BR-11"), Browser.PHONE).awaitText("No answer from your phone yet", 5);
        // Past the give-up time the provider's silence fails the payment; the page, still
        // following it, shows why and the form to try again.
        clock.advance(java.time.Duration.ofMinutes(28));
        camel.sendBody("direct:payments-reconcile", null);
        browser.awaitText("not approved in time", 10).accessible().screenshot("pay-phone-no-answer");
        assertThat(orderStatus("BR-11")).isEqualTo("PENDING");

        type("#phone", "0754 000 000");
        browser.find("form.push button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus("BR-11")).isEqualTo("COMPLETED");
    }

    /** Picks a way to pay in the page's chooser: push, card or token. */
    private void choose(String method) {
        browser.find("label[for=method-" + method + "]").click();
    }

    private void type(String field, String text) {
        WebElement input = browser.find(field);
        input.clear();
        input.sendKeys(text);
    }

    private String url(String orderId) {
        return "http://localhost:" + port + "/pay/" + shop.orderUuid(orderId);
    }

    private String orderStatus(String orderId) {
        return shop.client.get("/v1/checkout/order-status", "order_id=" + orderId).send().json().get("data").get(0)
                .get("payment_status").asText();
    }
}
