package io.malipo.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Browser;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.time.Duration;
import java.time.YearMonth;
import java.util.Base64;
import java.util.UUID;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The payment page as buyers meet it, in Chromium: each journey on a phone and on a desktop,
 * checked by axe-core against WCAG 2.2 AA and saved as screenshots under target/screenshots/
 * ({screen}-{journey}.png), and the order checked through the checkout API afterwards.
 */
class PaymentPageBrowserIT extends PostgresIT {

    /** The two screens every journey is made on. */
    enum Screen {
        PHONE(Browser.PHONE), DESKTOP(Browser.DESKTOP);

        final Dimension size;

        Screen(Dimension size) {
            this.size = size;
        }
    }

    @RegisterExtension
    static final Browser browser = new Browser();
    private Shop shop;
    @Autowired
    private ProducerTemplate camel;
    private Screen screen;

    @BeforeEach
    void shop() {
        shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void aBuyerPaysByPushAndSeesTheReceiptThenGoesBackToTheShop(Screen screen) {
        String shopPage = "http://localhost:" + port + "/actuator/health";
        String order = start(screen, "BR-1", "25000", ", \"header_colour\": \"#FFE600\", \"redirect_url\": \""
                + Base64.getEncoder().encodeToString(shopPage.getBytes()) + "\"");
        System.out.printf("payment-page on a %s: %s (cached style and script: %s)%n", screen, browser.timings(),
                open(order).timings());
        look("open");
        assertThat(browser.text()).contains("TZS 25,000").contains("Pay with mobile money");

        type("#phone", "+254 712");
        assertThat(browser.find("#phone-network").getText()).contains("No mobile money network");
        type("#phone", "0754 000 000");
        assertThat(browser.find("#phone-network").getText()).isEqualTo("Vodacom M-Pesa");
        browser.find("form.push button").click();

        browser.awaitText("This order is paid", 15);
        look("paid");
        assertThat(browser.text()).contains("Receipt").contains("Vodacom M-Pesa")
                .contains("Taking you back to the shop in");
        assertThat(orderStatus(order)).isEqualTo("COMPLETED");
        browser.awaitUrl(shopPage, 10);
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void aDeclinedPushIsExplainedAndTheBuyerPaysWithAnotherNumber(Screen screen) {
        String order = start(screen, "BR-2", "1000", "");

        type("#phone", "+255 754 000 001");
        browser.find("form.push button").click();
        browser.awaitText("declined on the phone", 15);
        look("declined");
        assertThat(orderStatus(order)).isEqualTo("PENDING");

        type("#phone", "0754000000");
        browser.find("form.push button").click();
        browser.awaitText("Please wait", 5);
        look("too-soon");
        assertThat(browser.find("#phone").getAttribute("aria-invalid")).isEqualTo("true");

        clock.advance(PaymentPageRoutes.PUSH_SPACING.plusSeconds(1));
        browser.find("form.push button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus(order)).isEqualTo("COMPLETED");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void aPushNobodyAnswersCountsDownThenSaysSoAndTheBuyerTriesAgain(Screen screen) {
        String order = start(screen, "BR-11", "7000", "");
        type("#phone", "0754 000 003");
        browser.find("form.push button").click();

        browser.awaitText("Time left to approve", 10);
        look("waiting");
        assertThat(browser.find("#approve-left").getText()).matches("[12]:[0-5][0-9]");

        clock.advance(Duration.ofMinutes(3));
        open(order).awaitText("No answer from your phone yet", 5);
        // Past the give-up time the provider's silence fails the payment; the page, still
        // following it, shows why and the form to try again.
        clock.advance(Duration.ofMinutes(28));
        camel.sendBody("direct:payments-reconcile", null);
        browser.awaitText("not approved in time", 10);
        look("no-answer");
        assertThat(orderStatus(order)).isEqualTo("PENDING");

        type("#phone", "0754 000 000");
        browser.find("form.push button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus(order)).isEqualTo("COMPLETED");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void theBuyerSwitchesToSwahiliAndSeesTheTokenAndQrCode(Screen screen) {
        String order = start(screen, "BR-3", "1500", "");

        browser.find("a[hreflang=sw]").click();
        browser.awaitText("Kiasi cha kulipa", 5);
        choose("token");

        look("sw");
        assertThat(browser.find("html").getAttribute("lang")).isEqualTo("sw");
        WebElement qr = browser.find(".qr img");
        assertThat(Long.parseLong(qr.getDomProperty("naturalWidth"))).isPositive();
        assertThat(browser.text()).contains(jdbc.queryForObject(
                "SELECT payment_token FROM checkout_order WHERE id = ?", String.class, shop.orderUuid(order)));
        // The choice is remembered.
        open(order);
        assertThat(browser.text()).contains("Lipa kwa pesa ya simu");
        browser.find("a[hreflang=en]").click();
        browser.awaitText("Amount to pay", 5);
        assertThat(orderStatus(order)).isEqualTo("PENDING");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void anExpiredOrderAndAnUnknownLinkSayWhatToDo(Screen screen) {
        this.screen = screen;
        String order = "BR-4-" + screen;
        shop.order(order, "1000", ", \"expiry\": 1");
        clock.advance(Duration.ofMinutes(2));

        open(order);
        look("expired");
        assertThat(browser.text()).contains("This order has expired").doesNotContain("Pay with mobile money");
        assertThat(orderStatus(order)).isEqualTo("CANCELLED");

        browser.open("http://localhost:" + port + "/pay/" + UUID.randomUUID(), screen.size);
        look("not-found");
        assertThat(browser.text()).contains("This payment link is not valid");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void aBuyerCorrectsAMistypedCardAndPaysByCardThenADeclinedCardIsExplained(Screen screen) {
        String order = start(screen, "BR-5", "3000", null);
        choose("card");
        typeCard("4111 1111 1111 1112", "12/" + (YearMonth.now().getYear() % 100 + 2));
        browser.find("form.card button").click();

        // The page's script finds the mistake before anything is sent, in the server's words.
        browser.awaitText("not a valid card number", 5);
        look("card-errors");
        assertThat(browser.find("#card-number").getAttribute("aria-invalid")).isEqualTo("true");
        assertThat(browser.find("#card-brand").getText()).isEqualTo("Visa");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE checkout_order = ?", Integer.class,
                shop.orderUuid(order))).isZero();

        typeCard("4111 1111 1111 1111", "12/" + (YearMonth.now().getYear() % 100 + 2));
        browser.find("form.card button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus(order)).isEqualTo("COMPLETED");

        String declined = start(screen, "BR-6", "3000", null);
        choose("card");
        typeCard("4000 0000 0000 0002", "01/" + (YearMonth.now().getYear() + 3));
        browser.find("form.card button").click();
        browser.awaitText("The card was declined", 15);
        look("card-declined");
        assertThat(orderStatus(declined)).isEqualTo("PENDING");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void aBuyerSavesACardWhilePayingAndPaysTheNextOrderWithOneTap(Screen screen) {
        String colours = ", \"buyer_userid\": \"asha-" + screen + "\", \"header_colour\": \"#0B6E4F\", "
                + "\"button_colour\": \"#F2C14E\", \"link_colour\": \"#0B6E4F\"";
        String order = start(screen, "BR-9", "4500", colours);
        choose("card");
        typeCard("5555 5555 5555 4444", "08/" + (YearMonth.now().getYear() % 100 + 3));
        assertThat(browser.find("#card-brand").getText()).isEqualTo("Mastercard");
        browser.find("#card-save").click();
        look("card");
        browser.find("form.card button").click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus(order)).isEqualTo("COMPLETED");

        String next = start(screen, "BR-10", "1200", colours);
        // A buyer with a saved card sees it first.
        WebElement saved = browser.find("button.saved-card");
        assertThat(saved.getText()).contains("Mastercard").contains("4444").contains("expires 08/");
        look("saved-card");
        saved.click();
        browser.awaitText("This order is paid", 15);
        assertThat(orderStatus(next)).isEqualTo("COMPLETED");
        String buyer = jdbc.queryForObject("SELECT buyer_id FROM checkout_order WHERE id = ?", String.class,
                shop.orderUuid(next));
        assertThat(shop.client.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=asha-"
                + screen).send().json().get("data").get(0).get("masked_card").asText()).isEqualTo("5555-55XX-XXXX-4444");
    }

    @ParameterizedTest
    @EnumSource(Screen.class)
    void cancelGoesBackToTheShopAndAPaidOrderOpenedLaterShowsOnlyItsReceipt(Screen screen) {
        String cart = "http://localhost:" + port + "/actuator/health";
        String order = start(screen, "BR-7", "1000", ", \"cancel_url\": \""
                + Base64.getEncoder().encodeToString(cart.getBytes()) + "\"");
        browser.find("form.cancel button").click();
        browser.awaitUrl(cart, 5);
        assertThat(orderStatus(order)).isEqualTo("USERCANCELLED");

        String paid = "BR-8-" + screen;
        shop.paidOrder(paid);
        open(paid);
        look("paid-later");
        assertThat(browser.text()).contains("This order is paid").contains("Receipt")
                .doesNotContain("Pay with mobile money").doesNotContain("Payment number");
    }

    /**
     * Creates an order for this screen (its id suffixed with the screen) and opens its page.
     *
     * @param extra appended to create-order's JSON; null for an order cards may pay
     */
    private String start(Screen screen, String orderId, String amount, String extra) {
        this.screen = screen;
        String order = orderId + "-" + screen;
        if (extra == null) {
            shop.cardOrder(order, amount);
        } else if (extra.contains("buyer_userid")) {
            shop.cardOrder(order, amount, extra);
        } else {
            shop.order(order, amount, extra);
        }
        open(order);
        return order;
    }

    private Browser open(String orderId) {
        return browser.open("http://localhost:" + port + "/pay/" + shop.orderUuid(orderId), screen.size);
    }

    /** Checks the page as it is now with axe-core and saves it as {screen}-{name}.png. */
    private void look(String name) {
        browser.accessible().screenshot("pay-" + screen.name().toLowerCase() + "-" + name);
    }

    /** Picks a way to pay in the page's chooser: push, card or token. */
    private void choose(String method) {
        browser.find("label[for=method-" + method + "]").click();
    }

    private void typeCard(String number, String expiry) {
        type("#card-name", "Asha Mrema");
        type("#card-number", number);
        type("#card-expiry", expiry);
        type("#card-csc", "123");
    }

    private void type(String field, String text) {
        WebElement input = browser.find(field);
        input.clear();
        input.sendKeys(text);
    }

    private String orderStatus(String orderId) {
        return shop.client.get("/v1/checkout/order-status", "order_id=" + orderId).send().json().get("data").get(0)
                .get("payment_status").asText();
    }
}
