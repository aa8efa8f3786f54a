package io.malipo.checkout;

import static io.malipo.checkout.CheckoutOrdersIT.assertEnvelope;
import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Checkout authentication: every refusal the interface promises, and every way the public
 * client libraries sign and send (see the checkout client study), as those clients send it.
 */
class CheckoutAuthIT extends PostgresIT {

    private CheckoutClient shop;

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
        assertThat(shop.post("/v1/checkout/create-order", order("A-1")).send().status()).isEqualTo(200);
    }

    // --- refusals

    @Test
    void aRequestWithoutTheSignatureHeadersIs401NamingThem() {
        Response response = shop.get("/v1/checkout/order-status", "order_id=A-1")
                .header("Digest", null).header("Signed-Fields", null).send();

        assertUnauthorized(response, "Missing headers Digest, Signed-Fields");
    }

    @Test
    void aWrongSecretOrATamperedFieldIs401AndNothingHappens() {
        Response wrongSecret = shop.delete("/v1/checkout/cancel-order", "order_id=A-1").secret("not-the-secret").send();
        Response tampered = shop.post("/v1/checkout/create-order", order("A-2").replace("\"amount\": 1000",
                "\"amount\": 1")).signedValues("&vendor=" + shop.vendor + "&order_id=A-2&amount=1000").send();

        assertUnauthorized(wrongSecret, "The Digest does not match this request");
        assertUnauthorized(tampered, "The Digest does not match");
        assertThat(status("A-1")).isEqualTo("PENDING");
        assertThat(count("A-2")).isZero();
    }

    @Test
    void aSignedNumberNoNumberTypeHoldsIsCheckedLikeAnyValueAndAWrongSecretIs401() {
        for (String number : List.of("1e99999999999", "9".repeat(400))) {
            Response wrongSecret = shop.post("/v1/checkout/order-status", "{\"order_id\": \"A-1\", \"x\": " + number
                    + "}").secret("not-the-secret").send();

            assertUnauthorized(wrongSecret, "The Digest does not match this request");
        }
    }

    @Test
    void aStaleOrUnreadableTimestampIs401() {
        String stale = OffsetDateTime.now(clock).minusMinutes(6).withNano(0).toString();

        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1").timestamp(stale).send(),
                "minutes away from Malipo's clock");
        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1").timestamp("last tuesday").send(),
                "The Timestamp header could not be read");
        clock.advance(Duration.ofMinutes(10));
        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1")
                .timestamp(OffsetDateTime.now().withNano(0).toString()).send(), "minutes away");
    }

    @Test
    void aDigestMethodOtherThanHs256Is401() {
        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1").header("Digest-Method", "RS256").send(),
                "Digest-Method must be HS256");
    }

    @Test
    void fieldsThatMoveMoneyMustBeSignedAndSignedFaithfully() {
        Response amountUnsigned = shop.post("/v1/checkout/create-order", order("A-3"))
                .signedFields("vendor", "order_id", "currency").send();
        Response orderIdAsObject = shop.post("/v1/checkout/create-order", order("A-4")
                .replace("\"order_id\": \"A-4\"", "\"order_id\": {\"id\": \"A-4\"}")).send();
        Response statusUnsigned = shop.get("/v1/checkout/order-status", "order_id=A-1&x=1").signedFields("x").send();

        assertUnauthorized(amountUnsigned, "amount must be sent and signed");
        assertUnauthorized(orderIdAsObject, "order_id must be sent and signed");
        assertUnauthorized(statusUnsigned, "order_id must be sent and signed");
    }

    @Test
    void anotherVendorsOrderIsRefused403() {
        CheckoutClient other = checkoutMerchant();

        Response response = other.post("/v1/checkout/create-order", order("A-5")).send();

        assertThat(response.status()).isEqualTo(403);
        assertEnvelope(response.json(), "403", "FAIL");
        assertThat(response.json().get("message").asText()).contains("belong to vendor " + other.vendor);
    }

    @Test
    void liveCredentialsOfAnUnverifiedMerchantUnknownKeysAndRevokedCredentialsAre401() {
        CheckoutClient unverified = checkoutMerchant(true, false);
        CheckoutClient stranger = new CheckoutClient(http, clock, shop.vendor, "ck_test_000000000000000000000000",
                shop.secret);
        String credential = jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?", String.class,
                shop.apiKey);
        admin.post("/admin/v1/checkout-credentials/" + credential + "/revoke", "");

        assertUnauthorized(unverified.post("/v1/checkout/create-order", order("A-6").replace(shop.vendor,
                unverified.vendor)).send(), "Live credentials work once the merchant is verified");
        assertUnauthorized(stranger.get("/v1/checkout/order-status", "order_id=A-1").send(), "is not known");
        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1").send(), "This API key is revoked");
    }

    @Test
    void aRotatedSecretWorksDuringItsGraceAndNotAfter() {
        String credential = jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?", String.class,
                shop.apiKey);
        String newSecret = admin.post("/admin/v1/checkout-credentials/" + credential + "/rotate",
                "{\"grace_minutes\": 5}").json().get("api_secret").asText();
        CheckoutClient rotated = new CheckoutClient(http, clock, shop.vendor, shop.apiKey, newSecret);

        assertThat(shop.get("/v1/checkout/order-status", "order_id=A-1").send().status()).isEqualTo(200);
        assertThat(rotated.get("/v1/checkout/order-status", "order_id=A-1").send().status()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(6));
        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1").send(), "Digest does not match");
        assertThat(rotated.get("/v1/checkout/order-status", "order_id=A-1").send().status()).isEqualTo(200);
    }

    // --- what the client libraries send

    @Test
    void thePhpClientsMalformedContentTypeAndAFormLabelOnJsonAreReadAsJson() {
        Response php = shop.post("/v1/checkout/create-order", order("B-1"))
                .header("Content-Type", "application/json;charset=\\\"utf-8\\\"").send();
        Response formLabel = shop.post("/v1/checkout/create-order", order("B-2"))
                .header("Content-Type", "application/x-www-form-urlencoded").send();

        assertThat(php.status()).as(php.body()).isEqualTo(200);
        assertThat(formLabel.status()).as(formLabel.body()).isEqualTo(200);
    }

    @Test
    void phpClientsSignTrueAsOneAndNullAsNothing() {
        String body = order("B-3").replace("}", ", \"no_redirection\": true, \"buyer_remarks\": null}");

        Response response = shop.post("/v1/checkout/create-order", body)
                .signedFields("vendor", "order_id", "amount", "currency", "no_redirection", "buyer_remarks")
                .signedValues("&vendor=" + shop.vendor + "&order_id=B-3&amount=1000&currency=TZS&no_redirection=1"
                        + "&buyer_remarks=").send();

        assertThat(response.status()).as(response.body()).isEqualTo(200);
    }

    @Test
    void goClientsSignMillionsAsFloatsInRandomOrderAndSendBodiesOnGetAndDelete() {
        String body = order("C-1").replace("\"amount\": 1000", "\"amount\": 1000000");

        Response created = shop.post("/v1/checkout/create-order", body)
                .signedFields("currency", "amount", "order_id", "vendor")
                .signedValues("&currency=TZS&amount=1e+06&order_id=C-1&vendor=" + shop.vendor).send();
        Response status = shop.request("GET", "/v1/checkout/order-status?order_id=C-1")
                .json("{\"order_id\":\"C-1\"}\n").signedFields("order_id").send();
        // The same fields signed in the same second make the same signature, good for one operation only.
        clock.advance(Duration.ofSeconds(1));
        Response cancel = shop.request("DELETE", "/v1/checkout/cancel-order").json("{\"order_id\":\"C-1\"}\n").send();

        assertThat(created.status()).as(created.body()).isEqualTo(200);
        assertThat(status.status()).as(status.body()).isEqualTo(200);
        assertThat(cancel.status()).as(cancel.body()).isEqualTo(200);
    }

    @Test
    void pythonClientsSendOffsetsWithoutAColonAndSignTrueCapitalised() {
        String ts = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.ofHours(3)).withNano(0)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssxx"));
        String body = order("D-1").replace("}", ", \"no_redirection\": true}");

        Response response = shop.post("/v1/checkout/create-order", body).timestamp(ts)
                .signedFields("vendor", "order_id", "amount", "currency", "no_redirection")
                .signedValues("&vendor=" + shop.vendor + "&order_id=D-1&amount=1000&currency=TZS&no_redirection=True")
                .send();

        assertThat(ts).endsWith("+0300");
        assertThat(response.status()).as(response.body()).isEqualTo(200);
    }

    @Test
    void javascriptClientsSendUtcTimestampsWithMilliseconds() {
        String ts = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC)
                .format(DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"));

        assertThat(shop.get("/v1/checkout/order-status", "order_id=A-1").timestamp(ts).send().status()).isEqualTo(200);
    }

    @Test
    void signedFieldsWithSpacesAfterCommasAndNamesAbsentFromTheBodyVerify() {
        String today = java.time.LocalDate.now(java.time.ZoneId.of("Africa/Dar_es_Salaam")).toString();

        Response spaced = shop.get("/v1/checkout/list-orders", "fromdate=" + today + "&todate=" + today)
                .signedFields("fromdate", " todate").signedValues("&fromdate=" + today + "& todate=" + today).send();
        Response absentNames = shop.post("/v1/checkout/create-order", order("E-1"))
                .signedFields("vendor", "order_id", "buyer_user_id", "amount", "currency", "payer_remarks")
                .signedValues("&vendor=" + shop.vendor + "&order_id=E-1&buyer_user_id=&amount=1000&currency=TZS"
                        + "&payer_remarks=").send();
        Response leadingTimestamp = shop.get("/v1/checkout/order-status", "order_id=A-1")
                .signedFields("timestamp", "order_id").signedValues("&order_id=A-1").send();

        assertThat(spaced.status()).as(spaced.body()).isEqualTo(200);
        assertThat(absentNames.status()).as(absentNames.body()).isEqualTo(200);
        assertThat(leadingTimestamp.status()).as(leadingTimestamp.body()).isEqualTo(200);
    }

    @Test
    void theJavaClientsLatin1BodyVerifies() {
        String body = order("F-1").replace("John Joh", "José Ñandú");
        byte[] latin1 = body.getBytes(StandardCharsets.ISO_8859_1);

        Response response = shop.request("POST", "/v1/checkout/create-order")
                .json(new String(latin1, StandardCharsets.ISO_8859_1)).send();

        assertThat(response.status()).as(response.body()).isEqualTo(200);
        assertThat(jdbc.queryForObject("SELECT o.buyer_name FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = 'F-1' AND m.vendor = ?", String.class, shop.vendor))
                .isEqualTo("José Ñandú");
    }

    @Test
    void theKeyIsFoundAsBase64RawOrHexUnderAnySchemeWord() {
        for (String authorization : new String[] {
                "SELCOM " + Base64.getEncoder().encodeToString(shop.apiKey.getBytes()),
                "selcom " + Base64.getEncoder().encodeToString(shop.apiKey.getBytes()),
                "SELCOM " + shop.apiKey,
                "SELCOM " + HexFormat.of().formatHex(shop.apiKey.getBytes()),
                "MALIPO " + Base64.getEncoder().encodeToString(shop.apiKey.getBytes())}) {
            assertThat(shop.get("/v1/checkout/order-status", "order_id=A-1").header("Authorization", authorization)
                    .send().status()).as(authorization).isEqualTo(200);
        }
        assertUnauthorized(shop.get("/v1/checkout/order-status", "order_id=A-1").header("Authorization", "SELCOM")
                .send(), "Authorization must be 'SELCOM '");
    }

    // --- helpers

    private String order(String orderId) {
        return "{\"vendor\": \"" + shop.vendor + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": "
                + "\"john@duka.co.tz\", \"buyer_name\": \"John Joh\", \"buyer_phone\": \"255712345678\", \"amount\": 1000, "
                + "\"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1}";
    }

    private String status(String orderId) {
        return jdbc.queryForObject("SELECT o.payment_status FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = ? AND m.vendor = ?", String.class, orderId, shop.vendor);
    }

    private int count(String orderId) {
        return jdbc.queryForObject("SELECT count(*) FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = ? AND m.vendor = ?", Integer.class, orderId, shop.vendor);
    }

    private static void assertUnauthorized(Response response, String message) {
        assertThat(response.status()).as(response.body()).isEqualTo(401);
        assertEnvelope(response.json(), "401", "FAIL");
        assertThat(response.json().get("message").asText()).contains(message);
    }
}
