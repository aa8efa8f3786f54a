package io.malipo.pages;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.time.Duration;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The payment page over HTTP: its states, its languages, the merchant's colours and its security headers. */
class PaymentPageIT extends PostgresIT {

    private Shop shop;

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
        assertThat(page.body()).contains("<style nonce=\"" + nonce.group(1) + "\"").doesNotContain("<script")
                .doesNotContain("style=\"");
        assertThat(page.header("Cache-Control")).contains("no-store");
        Response css = http.get("/pay/assets/pay.css");
        assertThat(css.status()).isEqualTo(200);
        assertThat(css.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/css"));
        assertThat(http.get(page("PG-5")).header("Content-Security-Policy").orElseThrow()).isNotEqualTo(policy);
    }

    private String page(String orderId) {
        return "/pay/" + shop.orderUuid(orderId);
    }

    private String token(String orderId) {
        return jdbc.queryForObject("SELECT payment_token FROM checkout_order WHERE id = ?", String.class,
                shop.orderUuid(orderId));
    }
}
