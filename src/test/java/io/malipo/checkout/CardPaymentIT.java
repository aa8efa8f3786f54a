package io.malipo.checkout;

import static io.malipo.checkout.CheckoutOrdersIT.assertEnvelope;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class CardPaymentIT extends PostgresIT {

    private static final String BILLING = ", \"billing\": {\"firstname\": \"John\", \"lastname\": \"Joh\", \"address_1\": "
            + "\"Plot 1\", \"city\": \"Dar es Salaam\", \"state_or_region\": \"Dar\", \"postcode_or_pobox\": \"1\", "
            + "\"country\": \"TZ\", \"phone\": \"255712345678\"}";

    private CheckoutClient shop;
    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();
    private String buyer;

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
        buyer = order("B-0", "CARD", ", \"buyer_userid\": \"u-1\"").get("gateway_buyer_uuid").asText();
    }

    @Test
    void aStoredTestCardIsListedMaskedAndChargedThroughTheCardProcessor() {
        JsonNode card = storeCard("4111111111111111").json().get("data").get(0);
        order("K-1", "CARD,MOBILEMONEYPULL", "");

        JsonNode listed = shop.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=u-1")
                .send().json();
        Response charged = pay("K-1", "T-1", card.get("card_token").asText());

        assertThat(card.get("masked_card").asText()).isEqualTo("4111-11XX-XXXX-1111");
        assertThat(card.get("card_type").asText()).isEqualTo("001");
        assertThat(card.get("card_token").asText()).startsWith("tok_");
        assertThat(listed.get("data")).hasSize(1);
        assertThat(listed.get("data").get(0).get("id").asText()).isEqualTo(card.get("id").asText());
        assertThat(listed.toString()).doesNotContain("4111111111111111");
        assertThat(charged.status()).as(charged.body()).isEqualTo(200);
        assertEnvelope(charged.json(), "111", "PENDING");
        Await.until("the callback", () -> !receiver.receivedFor("K-1").isEmpty());
        assertThat(receiver.receivedFor("K-1").get(0).json()).containsEntry("channel", "CARD")
                .containsEntry("transid", "T-1").containsEntry("msisdn", "255712345678");
        assertThat(jdbc.queryForObject("SELECT fee FROM payment WHERE transid = 'T-1' AND card_token = ?", String.class,
                card.get("card_token").asText())).isEqualTo("29.00");
        assertThat(jdbc.queryForList("SELECT * FROM stored_card").toString()).doesNotContain("4111111111111111");
    }

    @Test
    void aDeclinedCardFailsThePaymentAndTheOrderStaysPayable() {
        JsonNode card = storeCard("4000000000000002").json().get("data").get(0);
        order("D-1", "CARD", "");

        assertThat(pay("D-1", "T-1", card.get("card_token").asText()).status()).isEqualTo(200);

        Await.until("the charge to fail", () -> "FAILED".equals(jdbc.queryForObject(
                "SELECT status FROM payment WHERE card_token = ?", String.class, card.get("card_token").asText())));
        assertThat(shop.get("/v1/checkout/order-status", "order_id=D-1").send().json().get("data").get(0)
                .get("payment_status").asText()).isEqualTo("PENDING");
        assertThat(receiver.receivedFor("D-1")).isEmpty();
    }

    @Test
    void cardsAreScopedToTheirBuyerAndMerchantAndOrdersMustAcceptCards() {
        String token = storeCard("5555555555554444").json().get("data").get(0).get("card_token").asText();
        order("S-1", "MOBILEMONEYPULL", "");
        order("S-2", "CARD", "");
        CheckoutClient other = checkoutMerchant();

        Response noCards = pay("S-1", "T-1", token);
        Response unknownToken = pay("S-2", "T-2", "tok_unknown");
        Response wrongUser = shop.post("/v1/checkout/card-payment", payment("S-2", "T-3", token).replace("\"u-1\"",
                "\"u-2\"")).send();
        Response foreignList = other.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer
                + "&buyer_userid=u-1").send();

        assertThat(noCards.status()).isEqualTo(400);
        assertThat(noCards.json().get("message").asText()).contains("does not accept cards");
        assertThat(unknownToken.status()).isEqualTo(404);
        assertThat(wrongUser.status()).isEqualTo(404);
        assertThat(foreignList.status()).isEqualTo(404);
    }

    @Test
    void cardPaymentNeedsVendorAndBuyerUseridAndAnEmptyBuyerUseridPaysAsAGuest() {
        String token = storeCard("4111111111111111").json().get("data").get(0).get("card_token").asText();
        order("V-1", "CARD", "");
        CheckoutClient other = checkoutMerchant();

        Response noVendor = pay(payment("V-1", "T-1", token).replace("\"vendor\": \"" + shop.vendor + "\", ", ""));
        Response noUserid = pay(payment("V-1", "T-2", token).replace("\"buyer_userid\": \"u-1\", ", ""));
        Response otherVendor = pay(payment("V-1", "T-3", token).replace(shop.vendor, other.vendor));
        Response guest = pay(payment("V-1", "T-4", token).replace("\"u-1\"", "\"\""));

        assertThat(noVendor.status()).as(noVendor.body()).isEqualTo(400);
        assertThat(noVendor.json().get("message").asText()).isEqualTo("vendor: is required");
        assertThat(noUserid.status()).as(noUserid.body()).isEqualTo(400);
        assertThat(noUserid.json().get("message").asText()).startsWith("buyer_userid: is required");
        assertThat(otherVendor.status()).isEqualTo(403);
        assertThat(otherVendor.json().get("message").asText()).contains("belong to vendor " + shop.vendor);
        assertThat(guest.status()).as(guest.body()).isEqualTo(200);
        assertEnvelope(guest.json(), "111", "PENDING");
    }

    @Test
    void storedCardsNeedBuyerUseridAndAnEmptyOneAsksAsAGuest() {
        storeCard("4111111111111111");

        Response noUserid = shop.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer).send();
        Response guest = shop.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=").send();
        Response posted = shop.post("/v1/checkout/stored-cards", "{\"gateway_buyer_uuid\": \"" + buyer + "\"}").send();

        assertThat(noUserid.status()).as(noUserid.body()).isEqualTo(400);
        assertThat(noUserid.json().get("message").asText()).startsWith("buyer_userid: is required");
        assertThat(posted.status()).isEqualTo(400);
        assertThat(guest.status()).as(guest.body()).isEqualTo(200);
        assertThat(guest.json().get("data")).hasSize(1);
    }

    @Test
    void anotherMerchantsCardsBuyersAndOrdersAreNotFound() {
        JsonNode card = storeCard("4111111111111111").json().get("data").get(0);
        String token = card.get("card_token").asText();
        CheckoutClient other = checkoutMerchant();
        order(other, "X-1", "CARD", "");
        order(other, "Y-1", "CARD", "");

        Response foreignDelete = other.delete("/v1/checkout/delete-card", "id=" + card.get("id").asText()
                + "&gateway_buyer_uuid=" + buyer).send();
        Response foreignCard = other.post("/v1/checkout/card-payment", payment("X-1", "T-1", token)
                .replace(shop.vendor, other.vendor)).send();
        Response foreignOrder = pay("Y-1", "T-2", token);

        assertThat(foreignDelete.status()).as(foreignDelete.body()).isEqualTo(404);
        assertThat(foreignCard.status()).as(foreignCard.body()).isEqualTo(404);
        assertThat(foreignOrder.status()).as(foreignOrder.body()).isEqualTo(404);
        assertThat(foreignOrder.json().get("message").asText()).contains("There is no order with order_id Y-1");
        assertThat(shop.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=u-1").send()
                .json().get("data")).hasSize(1);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE card_token = ?", Integer.class, token))
                .isZero();
    }

    @Test
    void deletingACardRemovesItAndAnUnknownOneIs404() {
        JsonNode card = storeCard("4111111111111111").json().get("data").get(0);

        Response deleted = shop.delete("/v1/checkout/delete-card", "id=" + card.get("id").asText()
                + "&gateway_buyer_uuid=" + buyer).send();
        clock.advance(Duration.ofSeconds(1));
        Response again = shop.delete("/v1/checkout/delete-card", "id=" + card.get("id").asText()
                + "&gateway_buyer_uuid=" + buyer).send();

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(deleted.json().get("message").asText()).isEqualTo("Delete successful");
        assertThat(again.status()).isEqualTo(404);
        JsonNode listed = shop.get("/v1/checkout/stored-cards", "gateway_buyer_uuid=" + buyer + "&buyer_userid=u-1")
                .send().json();
        assertThat(listed.get("data")).isEmpty();
        assertThat(listed.get("message").asText()).isEqualTo("The buyer has no stored cards");
    }

    @Test
    void theSandboxStoresOnlyItsTestCardsAndOnlyInTestMode() {
        Response realCard = storeCard("4242424242424242");
        CheckoutClient live = checkoutMerchant(true, true);
        Response liveStore = live.post("/v1/checkout/sandbox/stored-cards", "{\"gateway_buyer_uuid\": \"" + buyer
                + "\", \"card_number\": \"4111111111111111\", \"expiry\": \"12/30\", \"name\": \"J\"}").send();

        assertThat(realCard.status()).isEqualTo(400);
        assertThat(realCard.json().get("message").asText()).contains("the sandbox takes only its test cards");
        assertThat(liveStore.status()).isEqualTo(403);
    }

    // --- helpers

    private JsonNode order(String orderId, String methods, String extra) {
        return order(shop, orderId, methods, extra);
    }

    private JsonNode order(CheckoutClient merchant, String orderId, String methods, String extra) {
        String webhook = Base64.getEncoder().encodeToString(receiver.url().getBytes(StandardCharsets.UTF_8));
        Response created = merchant.post("/v1/checkout/create-order", "{\"vendor\": \"" + merchant.vendor
                + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": \"a@duka.co.tz\", \"buyer_name\": \"John Joh\", "
                + "\"buyer_phone\": \"255712345678\", \"amount\": 1000, \"currency\": \"TZS\", \"payment_methods\": \"" + methods + "\", "
                + "\"no_of_items\": 1, \"webhook\": \"" + webhook + "\"" + BILLING + extra + "}").send();
        assertThat(created.status()).as(created.body()).isEqualTo(200);
        return created.json().get("data").get(0);
    }

    private Response storeCard(String number) {
        return shop.post("/v1/checkout/sandbox/stored-cards", "{\"gateway_buyer_uuid\": \"" + buyer
                + "\", \"card_number\": \"" + number + "\", \"expiry\": \"12/30\", \"name\": \"John Joh\"}").send();
    }

    private Response pay(String orderId, String transid, String token) {
        return pay(payment(orderId, transid, token));
    }

    private Response pay(String body) {
        return shop.post("/v1/checkout/card-payment", body).send();
    }

    private String payment(String orderId, String transid, String token) {
        return "{\"transid\": \"" + transid + "\", \"vendor\": \"" + shop.vendor + "\", \"order_id\": \"" + orderId
                + "\", \"card_token\": \"" + token + "\", \"buyer_userid\": \"u-1\", \"gateway_buyer_uuid\": \"" + buyer
                + "\"}";
    }
}
