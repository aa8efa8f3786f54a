package io.malipo.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CallbackReceiver.Received;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Captured checkout headers are good for nothing else: a signature works on the one operation it
 * was made for, Malipo's own callback signatures work on none, an identical request is answered
 * from the first answer without waiting on it, and stored answers keep their tokens sealed.
 */
class CheckoutReplayIT extends PostgresIT {

    private CheckoutClient shop;

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
        assertThat(shop.post("/v1/checkout/create-order", order("R-1")).send().status()).isEqualTo(200);
    }

    @Test
    void headersCapturedFromOrderStatusNeitherCancelTheOrderNorListOrders() {
        String[] captured = signedHeaders("order_id=R-1");
        Response status = http.send("GET", "/v1/checkout/order-status?order_id=R-1", null, captured);
        assertThat(status.status()).as(status.body()).isEqualTo(200);

        Response cancel = http.send("DELETE", "/v1/checkout/cancel-order?order_id=R-1", null, captured);
        Response list = http.send("GET", "/v1/checkout/list-orders?order_id=R-1", null, captured);
        Response again = http.send("GET", "/v1/checkout/order-status?order_id=R-1", null, captured);

        assertThat(cancel.status()).as(cancel.body()).isEqualTo(401);
        assertThat(cancel.json().get("message").asText()).contains("one operation only");
        assertThat(list.status()).as(list.body()).isEqualTo(401);
        assertThat(again.status()).as("the same request again gets its first answer").isEqualTo(200);
        assertThat(again.body()).isEqualTo(status.body());
        assertThat(jdbc.queryForObject("SELECT o.payment_status FROM checkout_order o JOIN merchant m ON "
                + "m.id = o.merchant_id WHERE o.order_id = 'R-1' AND m.vendor = ?", String.class, shop.vendor))
                .isEqualTo("PENDING");
    }

    @Test
    void aCallbacksHeadersAndBodyReplayedToTheApiAreRefused() {
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            new Shop(shop, jdbc, receiver.url()).paidOrder("R-2");
            Await.until("the callback", () -> receiver.receivedFor("R-2").size() == 1);
            Received callback = receiver.receivedFor("R-2").get(0);
            assertThat(callback.digestVerifies(shop.secret)).isTrue();

            String[] headers = {"Content-Type", "application/json", "Authorization",
                    callback.headers().get("authorization"), "Digest-Method", "HS256", "Digest",
                    callback.headers().get("digest"), "Timestamp", callback.headers().get("timestamp"),
                    "Signed-Fields", callback.headers().get("signed-fields")};
            Response status = http.send("POST", "/v1/checkout/order-status", callback.body(), headers);
            Response cancel = http.send("DELETE", "/v1/checkout/cancel-order", callback.body(), headers);

            assertThat(status.status()).as(status.body()).isEqualTo(401);
            assertThat(cancel.status()).as(cancel.body()).isEqualTo(401);
        }
    }

    @Test
    void anIdenticalRequestStillBeingProcessedIsAnsweredAtOnce() throws Exception {
        String[] headers = signedHeaders("order_id=R-1");
        jdbc.update("INSERT INTO checkout_replay (credential_id, fingerprint, created_at) SELECT id, ?, now() FROM "
                + "checkout_credential WHERE api_key = ?", fingerprint("GET", "/v1/checkout/order-status",
                "order_id=R-1", headers), shop.apiKey);

        long started = System.nanoTime();
        Response inProgress = http.send("GET", "/v1/checkout/order-status?order_id=R-1", null, headers);
        long tookMs = (System.nanoTime() - started) / 1_000_000;

        assertThat(inProgress.status()).as(inProgress.body()).isEqualTo(503);
        assertThat(inProgress.header("Retry-After")).contains("1");
        assertThat(tookMs).as("answered without waiting for the first").isLessThan(1000);
    }

    @Test
    void anIdenticalCreateOrderClaimedButNotYetAnsweredIsAnsweredAtOnce() throws Exception {
        // As an order that was claimed first (one refused, or one whose order_id was taken) is
        // while it runs: the request is seen, its answer not stored yet.
        String body = order("R-3");
        String[] headers = signedBody(body);
        jdbc.update("INSERT INTO checkout_replay (credential_id, fingerprint, created_at) SELECT id, ?, now() FROM "
                + "checkout_credential WHERE api_key = ?", fingerprint("POST", "/v1/checkout/create-order", "",
                headers, body), shop.apiKey);

        Response inProgress = http.send("POST", "/v1/checkout/create-order", body, headers);

        assertThat(inProgress.status()).as(inProgress.body()).isEqualTo(503);
        assertThat(inProgress.header("Retry-After")).contains("1");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = 'R-3' AND m.vendor = ?", Integer.class, shop.vendor)).isZero();
    }

    @Test
    void storedAnswersKeepPaymentTokensSealedAndReplaysStillGetThem() {
        String[] headers = signedBody(order("R-3"));
        Response first = http.send("POST", "/v1/checkout/create-order", order("R-3"), headers);
        String token = first.json().get("data").get(0).get("payment_token").asText();

        Response replayed = http.send("POST", "/v1/checkout/create-order", order("R-3"), headers);

        assertThat(replayed.body()).isEqualTo(first.body());
        List<String> stored = jdbc.queryForList("SELECT response_body FROM checkout_replay WHERE response_body IS NOT NULL",
                String.class);
        assertThat(stored).isNotEmpty().noneMatch(body -> body.contains(token)).noneMatch(body -> body.contains("R-3"));
    }

    @Test
    void aRefusedOrderIsAnsweredAgainFromItsFirstAnswerAndItsSignatureServesNoOtherOperation() {
        String invalid = order("R-3").replace("\"a@duka.co.tz\"", "\"not an address\"");
        String[] headers = signedBody(invalid);

        Response first = http.send("POST", "/v1/checkout/create-order", invalid, headers);
        Response again = http.send("POST", "/v1/checkout/create-order", invalid, headers);
        Response elsewhere = http.send("POST", "/v1/checkout/order-status", invalid, headers);

        assertThat(first.status()).as(first.body()).isEqualTo(400);
        assertThat(again.body()).as("the first answer, reference and all").isEqualTo(first.body());
        assertThat(elsewhere.status()).as(elsewhere.body()).isEqualTo(401);
        assertThat(elsewhere.json().get("message").asText()).contains("one operation only");
    }

    // --- signing as a client does, keeping the headers to send them again

    private String[] signedHeaders(String query) {
        String timestamp = timestamp();
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : query.split("&")) {
            values.put(pair.substring(0, pair.indexOf('=')), pair.substring(pair.indexOf('=') + 1));
        }
        StringBuilder signing = new StringBuilder("timestamp=").append(timestamp);
        values.forEach((k, v) -> signing.append('&').append(k).append('=').append(v));
        return headers(timestamp, String.join(",", values.keySet()), signing.toString());
    }

    private String[] signedBody(String json) {
        String timestamp = timestamp();
        String signing = "timestamp=" + timestamp + "&vendor=" + shop.vendor + "&order_id=R-3&amount=1000&currency=TZS";
        return headers(timestamp, "vendor,order_id,amount,currency", signing);
    }

    private String[] headers(String timestamp, String signedFields, String signing) {
        return new String[] {"Content-Type", "application/json", "Accept", "application/json",
                "Authorization", "SELCOM " + Base64.getEncoder().encodeToString(shop.apiKey.getBytes(StandardCharsets.UTF_8)),
                "Digest-Method", "HS256", "Digest", CheckoutClient.sign(shop.secret, signing), "Timestamp", timestamp,
                "Signed-Fields", signedFields};
    }

    private String timestamp() {
        return OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.ofHours(3)).truncatedTo(ChronoUnit.SECONDS)
                .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
    }

    /** What ReplayGuard fingerprints: method, path, query, the signature headers and the body. */
    private static String fingerprint(String method, String path, String query, String[] headers) throws Exception {
        return fingerprint(method, path, query, headers, "");
    }

    private static String fingerprint(String method, String path, String query, String[] headers, String body)
            throws Exception {
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        for (String part : List.of(method, path, query)) {
            digest.update(part.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
        }
        for (String name : List.of("Authorization", "Digest-Method", "Digest", "Timestamp", "Signed-Fields")) {
            for (int i = 0; i < headers.length; i += 2) {
                if (headers[i].equals(name)) {
                    digest.update(headers[i + 1].getBytes(StandardCharsets.UTF_8));
                }
            }
            digest.update((byte) 0);
        }
        digest.update(body.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest.digest());
    }

    private String order(String orderId) {
        return "{\"vendor\": \"" + shop.vendor + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": "
                + "\"a@duka.co.tz\", \"buyer_name\": \"Asha\", \"buyer_phone\": \"255754000000\", \"amount\": 1000, "
                + "\"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1}";
    }
}
