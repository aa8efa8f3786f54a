package io.malipo.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.YearMonth;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The payment page over HTTP: its states, its languages, the merchant's colours and its security headers. */
class PaymentPageIT extends PostgresIT {

    private Shop shop;
    @Autowired
    private ProducerTemplate camel;
    @Autowired
    private PageProperties pages;

    @BeforeEach
    void shop() {
        shop = new Shop(checkoutMerchant(), jdbc, "http://127.0.0.1:9/callback");
    }

    @Test
    void anOpenOrderShowsWhatToPayAndHowFromEachNetworkInEnglishByDefault() {
        shop.order("PG-1", "25000", ", \"header_colour\": \"#FFE600\", \"button_colour\": \"#003366\"");

        Response page = http.get(page("PG-1"));

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("<html lang=\"en\"").contains("TZS 25,000").contains("Order PG-1")
                .contains("Test mode: no money moves.").contains("Dial *150*00#").contains("Mixx by Yas")
                .contains(token("PG-1")).contains("/qr.png").contains("Kiswahili").contains("hours left)");
        // A yellow header gets dark text, a dark-blue button white text.
        assertThat(page.body()).contains("--header: #ffe600; --header-text: #000000")
                .contains("--button: #003366; --button-text: #ffffff");
    }

    @Test
    void swahiliComesFromTheBrowserOrFromTheSwitchWhichIsRemembered() {
        shop.order("PG-2", "1500.50");

        Response browser = http.get(page("PG-2"), "Accept-Language", "sw-TZ,sw;q=0.9,en;q=0.5");
        assertThat(browser.body()).contains("<html lang=\"sw\"").contains("Kiasi cha kulipa").contains("TZS 1,500.50")
                .contains("Oda PG-2").contains("Piga *150*00#").contains(">English<");
        assertThat(browser.header("Content-Language")).contains("sw");

        Response switched = http.get(page("PG-2") + "?lang=sw", "Accept-Language", "en");
        assertThat(switched.body()).contains("<html lang=\"sw\"");
        String cookie = switched.header("Set-Cookie").orElseThrow();
        assertThat(cookie).startsWith(PageLanguage.COOKIE + "=sw").contains("Path=/pay").contains("HttpOnly")
                .contains("SameSite=Lax");

        Response remembered = http.get(page("PG-2"), "Accept-Language", "en", "Cookie", cookie.split(";")[0]);
        assertThat(remembered.body()).contains("<html lang=\"sw\"");
        assertThat(http.get(page("PG-2"), "Accept-Language", "fr").body()).contains("<html lang=\"en\"");
    }

    @Test
    void aPaidOrderShowsItsReceiptAndOffersNothingToPay() {
        shop.paidOrder("PG-3");

        Response page = http.get(page("PG-3"));

        assertThat(page.body()).contains("This order is paid. Thank you.").contains("Receipt").contains("MLP")
                .contains("Vodacom M-Pesa").doesNotContain(token("PG-3")).doesNotContain("/qr.png");
    }

    @Test
    void anExpiredOrderSaysSoInEitherLanguage() {
        shop.order("PG-4", "1000", ", \"expiry\": 1");
        clock.advance(Duration.ofMinutes(2));

        assertThat(http.get(page("PG-4")).body()).contains("This order has expired").doesNotContain(token("PG-4"))
                .doesNotContain("left)");
        assertThat(http.get(page("PG-4") + "?lang=sw").body()).contains("Muda wa oda hii umekwisha");
    }

    @Test
    void anUnknownLinkIsA404PageThatSaysWhatToDo() {
        Response english = http.get("/pay/" + UUID.randomUUID());
        Response swahili = http.get("/pay/not-an-order", "Accept-Language", "sw");

        assertThat(english.status()).isEqualTo(404);
        assertThat(english.body()).contains("This payment link is not valid").contains("ask the shop for a new one");
        assertThat(swahili.status()).isEqualTo(404);
        assertThat(swahili.body()).contains("Kiungo hiki cha malipo si sahihi");
    }

    @Test
    void thePageAllowsOnlyItsOwnStyleSheetImagesAndNoncedStyleAndCannotBeFramed() {
        shop.order("PG-5", "1000");

        Response page = http.get(page("PG-5"));
        String policy = page.header("Content-Security-Policy").orElseThrow();
        Matcher nonce = Pattern.compile("'nonce-([A-Za-z0-9_-]{22})'").matcher(policy);

        assertThat(policy).contains("default-src 'none'").contains("frame-ancestors 'none'").contains("img-src 'self'");
        assertThat(nonce.find()).isTrue();
        assertThat(policy).contains("connect-src 'self'");
        assertThat(page.body()).contains("<style nonce=\"" + nonce.group(1) + "\"")
                .contains("<script src=\"/pay/assets/pay.js\" nonce=\"" + nonce.group(1) + "\" defer>")
                .doesNotContain("style=\"").doesNotContain("onclick").doesNotContain("<script>");
        assertThat(page.body()).contains("data-prefixes=\"{&quot;25561&quot;:&quot;Halotel HaloPesa&quot;")
                .contains("data-country-code=\"255\"");
        Response js = http.get("/pay/assets/pay.js");
        assertThat(js.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/javascript"));
        assertThat(page.header("Cache-Control")).contains("no-store");
        assertThat(http.get("/pay/assets/pay.js", "Accept-Encoding", "gzip").header("Content-Encoding"))
                .contains("gzip");
        assertThat(http.get(page("PG-5"), "Accept-Encoding", "gzip").header("Content-Encoding")).isEmpty();
        Response css = http.get("/pay/assets/pay.css");
        assertThat(css.status()).isEqualTo(200);
        assertThat(css.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/css"));
        assertThat(http.get(page("PG-5")).header("Content-Security-Policy").orElseThrow()).isNotEqualTo(policy);
    }

    @Test
    void aPushFromThePageGoesThroughCheckoutAndThePageFollowsItToTheReceipt() {
        shop.order("PG-6", "2000");

        Response pushed = push("PG-6", "0754 000 000", formToken("PG-6"));

        assertThat(pushed.status()).as(pushed.body()).isEqualTo(303);
        assertThat(pushed.header("Location")).contains(page("PG-6") + "?after=pay");
        assertThat(jdbc.queryForObject("SELECT msisdn FROM payment WHERE checkout_order = ?", String.class,
                shop.orderUuid("PG-6"))).isEqualTo("255754000000");
        Response waiting = http.get(page("PG-6"));
        if (waiting.body().contains("Check your phone")) {
            assertThat(waiting.body()).contains("http-equiv=\"refresh\"").contains("Enter your PIN");
        }
        Await.until("order PG-6 to be paid", () -> http.get(page("PG-6")).body().contains("This order is paid"));
        assertThat(http.get(page("PG-6")).body()).contains("Receipt").doesNotContain("http-equiv=\"refresh\"");
    }

    @Test
    void aDeclinedPushSaysSoAndMayBeTriedAgainAfterAPauseWithAnotherNumber() {
        shop.order("PG-7", "2000");
        assertThat(push("PG-7", "+255 754 000 001", formToken("PG-7")).status()).isEqualTo(303);
        Await.until("the push of PG-7 to fail", () -> http.get(page("PG-7")).body().contains("declined on the phone"));

        Response tooSoon = push("PG-7", "0754000000", formToken("PG-7"));
        assertThat(tooSoon.status()).isEqualTo(429);
        assertThat(tooSoon.body()).contains("Please wait").contains("aria-invalid=\"true\"");
        assertThat(tooSoon.header("Retry-After")).isPresent();

        clock.advance(PaymentPageRoutes.PUSH_SPACING.plusSeconds(1));
        assertThat(push("PG-7", "0754000000", formToken("PG-7")).status()).isEqualTo(303);
        Await.until("order PG-7 to be paid", () -> http.get(page("PG-7")).body().contains("This order is paid"));
    }

    @Test
    void aPushIsRefusedWithoutThePagesTokenOrWithANumberNoNetworkServes() {
        shop.order("PG-8", "2000");

        assertThat(push("PG-8", "0754000000", "forged").status()).isEqualTo(403);
        Response notANumber = push("PG-8", "call me", formToken("PG-8"));
        assertThat(notANumber.status()).isEqualTo(400);
        assertThat(notANumber.body()).contains("Enter a mobile number").contains("value=\"call me\"");
        Response kenyan = push("PG-8", "+254 712 345 678", formToken("PG-8"));
        assertThat(kenyan.status()).isEqualTo(400);
        assertThat(kenyan.body()).contains("No mobile money network we work with serves this number");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE checkout_order = ?", Integer.class,
                shop.orderUuid("PG-8"))).isZero();
    }

    @Test
    void theStatusThePagesScriptFollowsSaysWhetherAPaymentWaitsAndWhetherItPaid() {
        shop.order("PG-13", "1000");
        assertThat(http.get(page("PG-13") + "/status").json().toString())
                .isEqualTo("{\"state\":\"PENDING\",\"waiting\":false,\"paid\":false}");

        shop.paidOrder("PG-14");
        Response paid = http.get(page("PG-14") + "/status");
        assertThat(paid.json().get("paid").asBoolean()).isTrue();
        assertThat(paid.header("Cache-Control")).contains("no-store");
        assertThat(http.get("/pay/" + UUID.randomUUID() + "/status").status()).isEqualTo(404);
    }

    @Test
    void aCardTypedIntoTheTestFormIsChargedAndADeclinedOneSaysSo() {
        shop.cardOrder("PG-9", "3000");
        assertThat(http.get(page("PG-9")).body()).contains("autocomplete=\"cc-number\"")
                .contains("autocomplete=\"cc-exp\"").contains("autocomplete=\"cc-csc\"");

        Response paid = card("PG-9", "4111 1111 1111 1111", "12/" + (YearMonth.now().getYear() % 100 + 2), "123");
        assertThat(paid.status()).as(paid.body()).isEqualTo(303);
        Await.until("order PG-9 to be paid", () -> http.get(page("PG-9")).body().contains("This order is paid"));

        shop.cardOrder("PG-10", "3000");
        assertThat(card("PG-10", "4000000000000002", "01/" + (YearMonth.now().getYear() + 1), "1234").status())
                .isEqualTo(303);
        Await.until("the card of PG-10 to be declined",
                () -> http.get(page("PG-10")).body().contains("The card was declined"));
    }

    @Test
    void aMistypedCardIsShownFieldByFieldAndItsNumberIsNeverEchoed() {
        shop.cardOrder("PG-11", "3000");

        Response wrong = card("PG-11", "4111 1111 1111 1112", "13/20", "12");

        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.body()).contains("not a valid card number").contains("Enter the expiry date as MM/YY")
                .contains("Enter the 3 or 4 digit security code").contains("value=\"Asha Mrema\"")
                .doesNotContain("4111 1111 1111 1112").doesNotContain("4111111111111112");
        assertThat(card("PG-11", "4111111111111111", "01/20", "123").body()).contains("This card has expired");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE checkout_order = ?", Integer.class,
                shop.orderUuid("PG-11"))).isZero();
        // A wallet-only order has no card form, and refuses a card posted anyway.
        shop.order("PG-12", "1000");
        assertThat(http.get(page("PG-12")).body()).doesNotContain("cc-number");
        assertThat(card("PG-12", "4111111111111111", "12/40", "123").status()).isEqualTo(409);
    }

    @Test
    void aCardSavedWhilePayingIsOfferedOnTheBuyersNextOrderAndPaysWithOneTap() {
        String buyer = shop.cardOrder("PG-15", "3000", ", \"buyer_userid\": \"asha-15\"").json().get("data").get(0)
                .get("gateway_buyer_uuid").asText();
        assertThat(http.get(page("PG-15")).body()).contains("Save this card for my next payment to");
        String expiry = "12/" + (YearMonth.now().getYear() % 100 + 2);
        assertThat(post("PG-15", "/card", "name=Asha+Mrema&number=4111111111111111&expiry="
                + URLEncoder.encode(expiry, StandardCharsets.UTF_8) + "&csc=123&save=yes").status()).isEqualTo(303);
        Await.until("order PG-15 to be paid", () -> http.get(page("PG-15")).body().contains("This order is paid"));

        var cards = shop.client.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=asha-15")
                .send().json().get("data");
        assertThat(cards).hasSize(1);
        assertThat(cards.get(0).get("masked_card").asText()).isEqualTo("4111-11XX-XXXX-1111");
        assertThat(cards.get(0).get("expiry").asText()).isEqualTo(expiry);
        assertThat(cards.get(0).get("name").asText()).isEqualTo("Asha Mrema");

        // A card the issuer declines is never offered, even when the buyer asked to save it.
        shop.cardOrder("PG-16", "3000", ", \"buyer_userid\": \"asha-15\"");
        assertThat(post("PG-16", "/card", "name=Asha+Mrema&number=4000000000000002&expiry=01%2F40&csc=123&save=yes")
                .status()).isEqualTo(303);
        Await.until("the card of PG-16 to be declined",
                () -> http.get(page("PG-16")).body().contains("The card was declined"));

        String next = http.get(page("PG-16")).body();
        assertThat(next).contains("Your saved cards").contains("Visa").contains("1111").contains("expires " + expiry);
        assertThat(next.split("class=\"button saved-card\"", -1)).hasSize(2);
        clock.advance(PaymentPageRoutes.PUSH_SPACING.plusSeconds(1));
        Response tapped = post("PG-16", "/saved-card", "card=" + cards.get(0).get("id").asText());
        assertThat(tapped.status()).as(tapped.body()).isEqualTo(303);
        Await.until("order PG-16 to be paid", () -> http.get(page("PG-16")).body().contains("This order is paid"));
        assertThat(jdbc.queryForObject("SELECT card_token FROM payment WHERE checkout_order = ? AND status = "
                + "'SUCCEEDED'", String.class, shop.orderUuid("PG-16"))).isEqualTo(cards.get(0).get("card_token").asText());

        // Another buyer's card, or none, is refused without a payment.
        shop.cardOrder("PG-17", "3000", ", \"buyer_userid\": \"juma-17\"");
        Response foreign = post("PG-17", "/saved-card", "card=" + cards.get(0).get("id").asText());
        assertThat(foreign.status()).isEqualTo(400);
        assertThat(foreign.body()).contains("This saved card cannot be used any more");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE checkout_order = ?", Integer.class,
                shop.orderUuid("PG-17"))).isZero();
    }

    @Test
    void cancelClosesTheOrderAndSendsTheBuyerBackToTheShop() {
        shop.order("PG-18", "1000", ", \"cancel_url\": \"aHR0cHM6Ly9kdWthLmNvLnR6L2NhcnQ=\"");

        Response cancelled = post("PG-18", "/cancel", "");
        assertThat(cancelled.status()).as(cancelled.body()).isEqualTo(303);
        assertThat(cancelled.header("Location")).contains("https://duka.co.tz/cart");

        assertThat(http.post(page("PG-18") + "/cancel", "token=forged", "Content-Type",
                "application/x-www-form-urlencoded").status()).isEqualTo(403);
        assertThat(shop.client.get("/v1/checkout/order-status", "order_id=PG-18").send().json().get("data").get(0)
                .get("payment_status").asText()).isEqualTo("USERCANCELLED");
        assertThat(http.get(page("PG-18")).body()).contains("This order was cancelled").doesNotContain(token("PG-18"));
    }

    @Test
    void whileAPushWaitsThePageCountsDownThenSaysNoAnswerAndOffersToTryAgain() {
        shop.order("PG-19", "2000");
        assertThat(push("PG-19", "0754 000 003", formToken("PG-19")).status()).isEqualTo(303);

        assertThat(http.get(page("PG-19")).body()).contains("Check your phone").contains("Time left to approve: ")
                .containsPattern("data-seconds=\"1[12][0-9]\"")
                .contains("data-waiting=\"true\" data-poll-ms=\"" + pages.statusPoll().toMillis() + "\"");
        clock.advance(Duration.ofMinutes(3));
        assertThat(http.get(page("PG-19")).body()).contains("Check your phone").contains("No answer from your phone yet")
                .doesNotContain("Time left to approve");

        // Past the give-up time the provider's silence fails the payment, and the buyer may try again.
        clock.advance(Duration.ofMinutes(28));
        camel.sendBody("direct:payments-reconcile", null);
        assertThat(http.get(page("PG-19")).body()).contains("The payment was not approved in time")
                .contains("name=\"phone\"");
        assertThat(push("PG-19", "0754 000 000", formToken("PG-19")).status()).isEqualTo(303);
        Await.until("order PG-19 to be paid", () -> http.get(page("PG-19")).body().contains("This order is paid"));
    }

    @Test
    void oneAddressAskingForOneOrderTooOftenIsToldToWaitAndOtherOrdersStillAnswer() {
        shop.order("PG-20", "1000");
        shop.order("PG-21", "1000");
        String status = page("PG-20") + "/status";

        // The budget is a minute's requests and a minute of the page's polling: these come faster.
        int budget = pages.perOrderBudget();
        Response busy = null;
        for (int i = 0; i < budget + 50 && busy == null; i++) {
            Response answer = http.get(status);
            busy = answer.status() == 429 ? answer : null;
        }

        assertThat(busy).as("a 429 within " + (budget + 50) + " requests").isNotNull();
        assertThat(busy.json().get("error").asText()).isEqualTo("rate_limited");
        assertThat(busy.header("Retry-After")).isPresent();
        // The budget refills a few a second, so a request may get through now and then; most do not.
        Response page = http.get(page("PG-20"));
        for (int i = 0; i < 10 && page.status() != 429; i++) {
            page = http.get(page("PG-20"));
        }
        assertThat(page.status()).isEqualTo(429);
        assertThat(page.body()).contains("Too many requests from your connection").contains("Nothing has been paid");
        assertThat(http.get(page("PG-21")).status()).isEqualTo(200);
    }

    private Response post(String orderId, String action, String fields) {
        return http.post(page(orderId) + action, fields + "&token=" + formToken(orderId), "Content-Type",
                "application/x-www-form-urlencoded");
    }

    private Response card(String orderId, String number, String expiry, String csc) {
        return post(orderId, "/card", "name=Asha+Mrema&number=" + URLEncoder.encode(number, StandardCharsets.UTF_8)
                + "&expiry=" + URLEncoder.encode(expiry, StandardCharsets.UTF_8) + "&csc=" + csc);
    }

    private Response push(String orderId, String phone, String token) {
        return http.post(page(orderId) + "/push", "phone=" + URLEncoder.encode(phone, StandardCharsets.UTF_8)
                + "&token=" + token, "Content-Type", "application/x-www-form-urlencoded");
    }

    /** The token of the page's push form, as a browser that loaded the page would send it. */
    private String formToken(String orderId) {
        Matcher token = Pattern.compile("name=\"token\" value=\"([^\"]+)\"").matcher(http.get(page(orderId)).body());
        assertThat(token.find()).isTrue();
        return token.group(1);
    }

    private String page(String orderId) {
        return "/pay/" + shop.orderUuid(orderId);
    }

    private String token(String orderId) {
        return jdbc.queryForObject("SELECT payment_token FROM checkout_order WHERE id = ?", String.class,
                shop.orderUuid(orderId));
    }
}
