package io.malipo.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.qrcode.QRCodeReader;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CheckoutOrdersIT extends PostgresIT {

    private static final String WEBHOOK = Base64.getEncoder()
            .encodeToString("https://shop.example.com/callback".getBytes(StandardCharsets.UTF_8));

    private CheckoutClient shop;

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
    }

    // --- create-order

    @Test
    void createOrderAnswersTokenQrAndAPaymentPageLinkAndStoresTheOrder() {
        Response created = shop.post("/v1/checkout/create-order", order("A-1", "15000", "")).send();

        assertThat(created.status()).isEqualTo(200);
        assertEnvelope(created.json(), "000", "SUCCESS");
        JsonNode data = created.json().get("data").get(0);
        assertThat(data.get("order_id").asText()).isEqualTo("A-1");
        assertThat(data.get("payment_token").asText()).matches("[1-9][0-9]{9}");
        assertThat(data.get("qr").asText()).startsWith("000201010212").contains(data.get("payment_token").asText());
        String page = new String(Base64.getDecoder().decode(data.get("payment_gateway_url").asText()));
        assertThat(page).matches("http://localhost:\\d+/pay/[0-9a-f-]{36}");
        Map<String, Object> row = jdbc.queryForMap("SELECT o.* FROM checkout_order o JOIN merchant m ON "
                + "m.id = o.merchant_id WHERE o.order_id = 'A-1' AND m.vendor = ?", shop.vendor);
        assertThat(row.get("payment_status")).isEqualTo("PENDING");
        assertThat(row.get("amount").toString()).isEqualTo("15000.00");
        assertThat(row.get("webhook_url")).isEqualTo("https://shop.example.com/callback");
        assertThat(row.get("livemode")).isEqualTo(false);
    }

    @Test
    void aBuyersFirstOrderReturnsItsGatewayBuyerUuidAndLaterOrdersDoNot() {
        JsonNode first = shop.post("/v1/checkout/create-order", order("B-1", "1000", ", \"buyer_userid\": \"u-7\""))
                .send().json().get("data").get(0);
        JsonNode second = shop.post("/v1/checkout/create-order", order("B-2", "1000", ", \"buyer_userid\": \"u-7\""))
                .send().json().get("data").get(0);
        JsonNode named = shop.post("/v1/checkout/create-order", order("B-3", "1000",
                ", \"buyer_userid\": \"u-7\", \"gateway_buyer_uuid\": \"" + first.get("gateway_buyer_uuid").asText()
                        + "\"")).send().json().get("data").get(0);

        assertThat(first.get("gateway_buyer_uuid").asText()).hasSize(36);
        assertThat(second.has("gateway_buyer_uuid")).isFalse();
        assertThat(named.has("gateway_buyer_uuid")).isFalse();
        Response unknownBuyer = shop.post("/v1/checkout/create-order", order("B-4", "1000",
                ", \"gateway_buyer_uuid\": \"00000000-0000-0000-0000-000000000001\"")).send();
        assertThat(unknownBuyer.status()).isEqualTo(400);
        assertThat(message(unknownBuyer)).startsWith("gateway_buyer_uuid: is not a buyer of this merchant");
    }

    @Test
    void theSameOrderAgainGetsTheFirstAnswerAndADifferentOneUnderTheSameOrderIdIsRefused() {
        Response first = shop.post("/v1/checkout/create-order", order("C-1", "2500", "")).send();
        clock.advance(Duration.ofSeconds(2));
        Response again = shop.post("/v1/checkout/create-order", order("C-1", "2500", "")).send();
        Response different = shop.post("/v1/checkout/create-order", order("C-1", "2600", "")).send();

        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("reference").asText()).isNotEqualTo(first.json().get("reference").asText());
        assertThat(again.json().get("data")).isEqualTo(first.json().get("data"));
        assertThat(different.status()).isEqualTo(400);
        assertThat(message(different)).contains("order_id C-1 already names another order");
        assertThat(orders("C-1")).isEqualTo(1);
    }

    @Test
    void cardMethodsNeedTheWholeBillingAddress() {
        Response refused = shop.post("/v1/checkout/create-order", order("D-1", "1000", "")
                .replace("MOBILEMONEYPULL", "CARD,MOBILEMONEYPULL")).send();

        assertThat(refused.status()).isEqualTo(400);
        assertThat(message(refused)).contains("billing.firstname: is required when card payments are allowed")
                .contains("billing.postcode_or_pobox").contains("billing.phone");
        assertThat(orders("D-1")).isZero();
    }

    @Test
    void billingIsReadNestedAsDottedKeysOrAsUnderscoreKeys() {
        String nested = ", \"billing\": {\"firstname\": \"John\", \"lastname\": \"Joh\", \"address_1\": \"Plot 12\", "
                + "\"city\": \"Dar es Salaam\", \"state_or_region\": \"Dar\", \"postcode_or_pobox\": \"P.O. Box 1\", "
                + "\"country\": \"tz\", \"phone\": \"255712345678\"}";
        String dotted = nested.replace("\"billing\": {", "").replace("}", "")
                .replaceAll("\"(firstname|lastname|address_1|city|state_or_region|postcode_or_pobox|country|phone)\"",
                        "\"billing.$1\"");
        String underscored = dotted.replace("billing.", "billing_");

        for (String[] variant : List.of(new String[] {"E-1", nested}, new String[] {"E-2", dotted},
                new String[] {"E-3", underscored})) {
            Response created = shop.post("/v1/checkout/create-order", order(variant[0], "1000", variant[1])
                    .replace("MOBILEMONEYPULL", "ALL")).send();
            assertThat(created.status()).as(variant[0] + " " + created.body()).isEqualTo(200);
            assertThat(column(variant[0], "billing")).contains("\"country\":\"TZ\"").contains("\"firstname\":\"John\"");
        }
    }

    @ParameterizedTest(name = "{0}={1}")
    @CsvSource(delimiter = '|', value = {
            "buyer_email|\"someone@localhost\"|buyer_email: must be an e-mail address",
            "buyer_phone|\"0712345678\"|buyer_phone: must be a mobile number in digits with the country prefix",
            "buyer_phone|\"25571234\"|buyer_phone: must be a mobile number",
            "amount|-5|amount: must be more than 0",
            "amount|10.005|amount: must have at most 2 decimals",
            "amount|100000001|amount: must be at most 100000000 TZS",
            "amount|\"ten\"|amount: must be a number",
            "currency|\"KES\"|currency: must be one of",
            "payment_methods|\"MOBILEMONEYPULL,BITCOIN\"|payment_methods: 'BITCOIN' is not a payment method",
            "redirect_url|\"not a url\"|redirect_url: must be the Base64 encoding of an absolute http(s) URL",
            "webhook|\"ZnRwOi8vZXhhbXBsZS5jb20=\"|webhook: must be the Base64 encoding",
            "header_colour|\"red\"|header_colour: must be a colour written #RRGGBB",
            "no_of_items|0|no_of_items: must be a whole number from 1 to 100000",
            "no_of_items|1.5|no_of_items: must be a whole number",
            "expiry|0|expiry: must be a whole number of minutes from 1 to 43200",
            "buyer_name|{\"first\": \"x\"}|buyer_name: must be text",
            "billing|\"abc\"|billing: must be an object",
            "shipping|\"abc\"|shipping: must be an object",
            "shipping|[\"Plot 1\"]|shipping: must be an object",
            "order_id|\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"|order_id: must be at most 64"
    })
    void eachBrokenRuleIsA400NamingTheFieldAndStoresNothing(String field, String value, String message) {
        String body = order("F-1", "1000", "").replaceFirst("\"" + field + "\": (\"[^\"]*\"|[0-9.]+)",
                "\"" + field + "\": " + value);
        if (!body.contains("\"" + field + "\"")) {
            body = body.replace("}", ", \"" + field + "\": " + value + "}");
        }

        Response refused = shop.post("/v1/checkout/create-order", body).send();

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertEnvelope(refused.json(), "400", "FAIL");
        assertThat(message(refused)).contains(message);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id"
                + " WHERE m.vendor = ?", Integer.class, shop.vendor)).isZero();
    }

    @Test
    void anAmountNoNumberTypeHoldsIsA400NamingTheAmount() {
        String huge = "1e99999999999";
        Response asNumber = shop.post("/v1/checkout/create-order", order("N-1", huge, ""))
                .signedFields("vendor", "order_id", "amount", "currency")
                .signedValues("&vendor=" + shop.vendor + "&order_id=N-1&amount=" + huge + "&currency=TZS").send();
        Response asText = shop.post("/v1/checkout/create-order", order("N-2", "\"" + huge + "\"", "")).send();
        Response manyDigits = shop.post("/v1/checkout/create-order", order("N-3", "9".repeat(400), "")).send();

        for (Response refused : List.of(asNumber, asText, manyDigits)) {
            assertThat(refused.status()).as(refused.body()).isEqualTo(400);
            assertEnvelope(refused.json(), "400", "FAIL");
            assertThat(message(refused)).startsWith("amount: must be a number");
        }
        assertThat(orders("N-1") + orders("N-2") + orders("N-3")).isZero();
    }

    @Test
    void urlsAreReadBase64EncodedRawOrEncodedTwice() {
        String once = WEBHOOK;
        String twice = Base64.getEncoder().encodeToString(once.getBytes(StandardCharsets.UTF_8));

        for (String[] variant : List.of(new String[] {"G-1", once}, new String[] {"G-2", "https://shop.example.com/callback"},
                new String[] {"G-3", twice})) {
            assertThat(shop.post("/v1/checkout/create-order", order(variant[0], "1000", "")
                    .replace(WEBHOOK, variant[1])).send().status()).isEqualTo(200);
            assertThat(column(variant[0], "webhook_url")).isEqualTo("https://shop.example.com/callback");
        }
    }

    @Test
    void inLiveModeAnUnsignedWebhookIsIgnoredAndAPlainHttpOneRefused() {
        CheckoutClient live = checkoutMerchant(true, true);
        String body = order("H-1", "1000", "").replace(shop.vendor, live.vendor);
        List<String> signedWithoutWebhook = List.of("vendor", "order_id", "buyer_email", "buyer_name", "buyer_phone",
                "amount", "currency", "payment_methods", "no_of_items");

        Response unsigned = live.post("/v1/checkout/create-order", body)
                .signedFields(signedWithoutWebhook.toArray(String[]::new)).send();
        Response plainHttp = live.post("/v1/checkout/create-order", order("H-2", "1000", "").replace(shop.vendor, live.vendor)
                .replace(WEBHOOK, Base64.getEncoder().encodeToString("http://shop.example.com/cb".getBytes()))).send();

        assertThat(unsigned.status()).as(unsigned.body()).isEqualTo(200);
        assertThat(column(live.vendor, "H-1", "webhook_url"))
                .isNull();
        assertThat(plainHttp.status()).isEqualTo(400);
        assertThat(message(plainHttp)).isEqualTo("webhook: must be an https URL in live mode");
    }

    @Test
    void theMinimalOrderIsForWalletAndManualPaymentsOnly() {
        String minimal = "{\"vendor\": \"VENDOR\", \"order_id\": \"I-1\", \"buyer_email\": \"a@duka.co.tz\", "
                + "\"buyer_name\": \"Asha\", \"buyer_phone\": \"255754000001\", \"amount\": 500, \"currency\": \"TZS\", "
                + "\"no_of_items\": 2}";

        Response created = shop.post("/v1/checkout/create-order-minimal", minimal.replace("VENDOR", shop.vendor)).send();
        Response withCards = shop.post("/v1/checkout/create-order-minimal", minimal.replace("VENDOR", shop.vendor)
                .replace("I-1", "I-2").replace("}", ", \"payment_methods\": \"CARD\"}")).send();

        assertThat(created.status()).isEqualTo(200);
        assertThat(column("I-1", "payment_methods")).isEqualTo("MOBILEMONEYPULL");
        assertThat(withCards.status()).isEqualTo(400);
        assertThat(message(withCards)).contains("create-order-minimal takes no card payments");
    }

    // --- order-status, list-orders

    @Test
    void orderStatusIsReadFromTheQueryAJsonBodyOrAPost() {
        shop.post("/v1/checkout/create-order", order("J-1", "7500.50", "")).send();

        JsonNode byQuery = shop.get("/v1/checkout/order-status", "order_id=J-1").send().json();
        JsonNode byBodyOnGet = shop.request("GET", "/v1/checkout/order-status").json("{\"order_id\": \"J-1\"}").send()
                .json();
        JsonNode byPost = shop.post("/v1/checkout/order-status", "{\"order_id\": \"J-1\"}").send().json();

        for (JsonNode answer : List.of(byQuery, byBodyOnGet, byPost)) {
            assertEnvelope(answer, "000", "SUCCESS");
            JsonNode order = answer.get("data").get(0);
            assertThat(order.get("order_id").asText()).isEqualTo("J-1");
            assertThat(order.get("amount").asText()).isEqualTo("7500.50");
            assertThat(order.get("payment_status").asText()).isEqualTo("PENDING");
            assertThat(order.get("creation_date").asText()).matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}");
            for (String onlyWhenCompleted : List.of("transid", "channel", "reference", "msisdn", "phone")) {
                assertThat(order.get(onlyWhenCompleted).isNull()).as(onlyWhenCompleted).isTrue();
            }
        }
    }

    @Test
    void anotherMerchantsOrdersAndTheOtherModesOrdersAreNotFound() {
        shop.post("/v1/checkout/create-order", order("K-1", "1000", "")).send();
        CheckoutClient other = checkoutMerchant();
        CheckoutClient sameMerchantLive = checkoutMerchant(true, true);

        Response foreign = other.get("/v1/checkout/order-status", "order_id=K-1").send();
        Response cancelForeign = other.delete("/v1/checkout/cancel-order", "order_id=K-1").send();
        Response unknown = shop.get("/v1/checkout/order-status", "order_id=NOPE").send();

        assertThat(foreign.status()).isEqualTo(404);
        assertThat(cancelForeign.status()).isEqualTo(404);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(message(unknown)).isEqualTo("There is no order with order_id NOPE.");
        assertThat(sameMerchantLive.get("/v1/checkout/order-status", "order_id=K-1").send().status()).isEqualTo(404);
        assertThat(column("K-1", "payment_status"))
                .isEqualTo("PENDING");
    }

    @Test
    void listOrdersCoversBothDatesWithResultsAndAcceptsTheDateAliasesAndTheSingularPath() {
        shop.post("/v1/checkout/create-order", order("L-1", "1000", "")).send();
        shop.post("/v1/checkout/create-order", order("L-2", "2000", "")).send();
        shop.delete("/v1/checkout/cancel-order", "order_id=L-2").send();
        String today = LocalDate.now(ZoneId.of("Africa/Dar_es_Salaam")).toString();

        JsonNode listed = shop.get("/v1/checkout/list-orders", "fromdate=" + today + "&todate=" + today).send().json();
        JsonNode camel = shop.get("/v1/checkout/list-orders", "fromDate=" + today + "&toDate=" + today).send().json();
        JsonNode singular = shop.get("/v1/checkout/list-order", "from_date=" + today + "&to_date=" + today).send().json();
        JsonNode yesterday = shop.get("/v1/checkout/list-orders", "fromdate=2020-01-01&todate=2020-01-02").send().json();

        assertThat(listed.get("data")).extracting(o -> o.get("order_id").asText() + ":" + o.get("result").asText())
                .containsExactly("L-1:PENDING", "L-2:FAIL");
        assertThat(camel.get("data")).hasSize(2);
        assertThat(singular.get("data")).hasSize(2);
        assertThat(yesterday.get("data")).isEmpty();
        Response backwards = shop.get("/v1/checkout/list-orders", "fromdate=" + today + "&todate=2020-01-01").send();
        assertThat(backwards.status()).isEqualTo(400);
        assertThat(message(backwards)).isEqualTo("todate: must not be before fromdate");
    }

    // --- cancel-order and expiry

    @Test
    void aPendingOrderCancelsOnceAndCancellingAgainSaysSo() {
        shop.post("/v1/checkout/create-order", order("M-1", "1000", "")).send();

        Response cancelled = shop.delete("/v1/checkout/cancel-order", "order_id=M-1").send();
        clock.advance(Duration.ofSeconds(1));
        Response again = shop.delete("/v1/checkout/cancel-order", "order_id=M-1").send();

        assertThat(cancelled.status()).isEqualTo(200);
        assertEnvelope(cancelled.json(), "000", "SUCCESS");
        assertThat(cancelled.json().get("data")).isEmpty();
        assertThat(again.status()).isEqualTo(200);
        assertThat(message(again)).isEqualTo("Order was already cancelled");
        assertThat(shop.get("/v1/checkout/order-status", "order_id=M-1").send().json().get("data").get(0)
                .get("payment_status").asText()).isEqualTo("CANCELLED");
        assertThat(shop.delete("/v1/checkout/cancel-order", "order_id=NOPE").send().status()).isEqualTo(404);
    }

    @Test
    void cancelArrivesAsDeleteWithABodyOnTheBarePathOrUnderARepeatedVersion() {
        for (String id : List.of("N-1", "N-2", "N-3")) {
            shop.post("/v1/checkout/create-order", order(id, "1000", "")).send();
        }

        Response bodyOnly = shop.request("DELETE", "/v1/checkout/cancel-order").json("{\"order_id\": \"N-1\"}").send();
        Response barePath = shop.request("DELETE", "/v1/checkout").json("{\"order_id\": \"N-2\"}").send();
        Response repeated = shop.delete("/v1/v1/checkout/cancel-order", "order_id=N-3").send();

        assertThat(List.of(bodyOnly, barePath, repeated)).allSatisfy(r -> assertThat(r.status()).as(r.body()).isEqualTo(200));
        assertThat(List.of(column("N-1", "payment_status"), column("N-2", "payment_status"),
                column("N-3", "payment_status"))).containsOnly("CANCELLED");
    }

    @Test
    void anExpiredOrderIsCancelledOnAccessAndCannotBeCancelledAgain() {
        shop.post("/v1/checkout/create-order", order("P-1", "1000", ", \"expiry\": 30")).send();
        clock.advance(Duration.ofMinutes(31));

        JsonNode status = shop.get("/v1/checkout/order-status", "order_id=P-1").send().json().get("data").get(0);
        Response cancel = shop.delete("/v1/checkout/cancel-order", "order_id=P-1").send();

        assertThat(status.get("payment_status").asText()).isEqualTo("CANCELLED");
        assertThat(cancel.status()).isEqualTo(410);
        assertEnvelope(cancel.json(), "410", "FAIL");
        assertThat(column("P-1", "cancel_reason"))
                .isEqualTo("EXPIRED");
    }

    // --- the payment page

    @Test
    void thePaymentPageShowsTheOrderTokenAndAQrCodeThatDecodesToThePayload() throws Exception {
        JsonNode data = shop.post("/v1/checkout/create-order", order("Q-1", "12500", "")).send().json().get("data").get(0);
        String path = new String(Base64.getDecoder().decode(data.get("payment_gateway_url").asText()))
                .replaceFirst("http://localhost:\\d+", "");

        Response page = http.get(path, "Accept", "text/html");
        Response png = http.get(path + "/qr.png");

        assertThat(page.status()).isEqualTo(200);
        assertThat(page.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(page.body()).contains("Duka la Mama").contains("TZS 12,500").contains("Q-1")
                .contains(data.get("payment_token").asText()).contains("Test mode");
        assertThat(png.header("Content-Type")).contains("image/png");
        var image = ImageIO.read(new ByteArrayInputStream(http.getBytes(path + "/qr.png")));
        String decoded = new QRCodeReader().decode(new BinaryBitmap(new HybridBinarizer(
                new BufferedImageLuminanceSource(image)))).getText();
        assertThat(decoded).isEqualTo(data.get("qr").asText());
        assertThat(http.get("/pay/00000000-0000-0000-0000-000000000000").status()).isEqualTo(404);
    }

    // --- replays

    @Test
    void aByteIdenticalRequestIsAnsweredWithTheFirstAnswerAndExecutedOnce() throws Exception {
        var request = shop.post("/v1/checkout/create-order", order("R-1", "1000", ""))
                .timestamp(java.time.OffsetDateTime.now(clock).withNano(0).toString());
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Response>> answers = pool.invokeAll(java.util.Collections.nCopies(8,
                    (Callable<Response>) request::send));
            List<String> references = new java.util.ArrayList<>();
            for (Future<Response> answer : answers) {
                // One still being processed is answered at once: 503, retry in a second.
                assertThat(answer.get().status()).isIn(200, 503);
                if (answer.get().status() == 200) {
                    references.add(answer.get().json().get("reference").asText());
                } else {
                    assertThat(answer.get().header("Retry-After")).contains("1");
                }
            }
            references.add(request.send().json().get("reference").asText());
            assertThat(references).containsOnly(references.get(0));
        } finally {
            pool.shutdown();
        }
        assertThat(orders("R-1")).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"R-3|", "R-4|, \"buyer_userid\": \"U-4\""})
    void anIdenticalRequestWhileTheFirstIsBeingStoredGetsTheFirstAnswerOnceItIs(String orderId, String buyer)
            throws Exception {
        // The claim and the order (after the buyer's statements) commit together: an identical
        // request waits for them, not for the whole request, and is then answered from them.
        var request = shop.post("/v1/checkout/create-order", order(orderId, "1000", buyer == null ? "" : buyer))
                .timestamp(java.time.OffsetDateTime.now(clock).withNano(0).toString());
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try (Connection lock = merchantLocked()) {
            Future<Response> first = pool.submit(request::send);
            Await.until("the first request's statement to wait on the lock", () -> waitingOnLocks() == 1);
            Future<Response> second = pool.submit(request::send);
            Await.until("the identical request to wait on the first", () -> waitingOnLocks() == 2);
            assertThat(claims()).as("nothing is claimed before the order is stored").isZero();
            lock.rollback();

            assertThat(first.get().status()).as(first.get().body()).isEqualTo(200);
            assertThat(second.get().status()).as(second.get().body()).isEqualTo(200);
            assertThat(second.get().body()).isEqualTo(first.get().body());
        } finally {
            pool.shutdown();
        }
        assertThat(orders(orderId)).isEqualTo(1);
    }

    /** A connection holding the shop's merchant row, which storing an order or a buyer waits on; roll back to free it. */
    private Connection merchantLocked() throws java.sql.SQLException {
        Connection lock = jdbc.getDataSource().getConnection();
        lock.setAutoCommit(false);
        try (PreparedStatement merchant = lock.prepareStatement("SELECT id FROM merchant WHERE vendor = ? FOR UPDATE")) {
            merchant.setString(1, shop.vendor);
            merchant.executeQuery().close();
        }
        return lock;
    }

    private int claims() {
        return jdbc.queryForObject("SELECT count(*) FROM checkout_replay r JOIN checkout_credential c ON "
                + "c.id = r.credential_id JOIN merchant m ON m.id = c.merchant_id WHERE m.vendor = ?",
                Integer.class, shop.vendor);
    }

    private int waitingOnLocks() {
        return jdbc.queryForObject("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                + "AND wait_event_type = 'Lock' AND query LIKE '%INSERT INTO %'", Integer.class);
    }

    // --- helpers

    private String order(String orderId, String amount, String extra) {
        return ("{\"vendor\": \"VENDOR\", \"order_id\": \"" + orderId + "\", \"buyer_email\": \"john@duka.co.tz\", "
                + "\"buyer_name\": \"John Joh\", \"buyer_phone\": \"255712345678\", \"amount\": " + amount + ", "
                + "\"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"webhook\": \"" + WEBHOOK + "\", "
                + "\"no_of_items\": 1" + extra + "}").replace("VENDOR", shop == null ? "VENDOR" : shop.vendor);
    }

    private int orders(String orderId) {
        return jdbc.queryForObject("SELECT count(*) FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = ? AND m.vendor = ?", Integer.class, orderId, shop.vendor);
    }

    /** One column of this test's merchant's order: order ids repeat across tests sharing the database. */
    private String column(String orderId, String column) {
        return column(shop.vendor, orderId, column);
    }

    private String column(String vendor, String orderId, String column) {
        return jdbc.queryForObject("SELECT o." + column + " FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = ? AND m.vendor = ?", String.class, orderId, vendor);
    }

    private static String message(Response response) {
        return response.json().get("message").asText();
    }

    static void assertEnvelope(JsonNode body, String resultcode, String result) {
        assertThat(body.get("reference").isTextual()).isTrue();
        assertThat(body.get("resultcode").asText()).isEqualTo(resultcode);
        assertThat(body.get("result").asText()).isEqualTo(result);
        assertThat(body.get("message").isTextual()).isTrue();
        assertThat(body.get("data").isArray()).isTrue();
    }
}
