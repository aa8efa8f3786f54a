package io.malipo.checkout;

import static io.malipo.checkout.CheckoutOrdersIT.assertEnvelope;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WalletPaymentIT extends PostgresIT {

    private CheckoutClient shop;
    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
    }

    @ParameterizedTest(name = "{1} ({0})")
    @CsvSource({"255754000010, mpesa-tz, MPESATZ", "255688000010, airtel-tz, AIRTELTZ", "255712000010, mixx-tz, MIXXTZ",
            "255620000010, halopesa-tz, HALOPESATZ", "255730000010, tpesa-tz, TPESATZ"})
    void aWalletPushThroughEachProviderCompletesTheOrderAndSendsOneVerifiableCallback(String msisdn, String provider,
            String channel) {
        order("W-1", "15000");

        Response pushed = pay("W-1", "T-1", msisdn);

        assertThat(pushed.status()).as(pushed.body()).isEqualTo(200);
        assertEnvelope(pushed.json(), "111", "PENDING");
        Await.until("the callback", () -> !receiver.receivedFor("W-1").isEmpty());
        CallbackReceiver.Received callback = receiver.receivedFor("W-1").get(0);
        assertThat(callback.digestVerifies(shop.secret)).isTrue();
        assertThat(callback.headers().get("authorization"))
                .isEqualTo("SELCOM " + Base64.getEncoder().encodeToString(shop.apiKey.getBytes(StandardCharsets.UTF_8)));
        assertThat(callback.headers().get("signed-fields")).isEqualTo("transid,order_id,reference,result,resultcode,payment_status");
        assertThat(callback.headers().get("timestamp")).endsWith("+03:00");
        Map<String, Object> body = callback.json();
        assertThat(body).containsEntry("transid", "T-1").containsEntry("order_id", "W-1").containsEntry("result", "SUCCESS")
                .containsEntry("resultcode", "000").containsEntry("payment_status", "COMPLETED")
                .containsEntry("channel", channel).containsEntry("amount", "15000").containsEntry("msisdn", msisdn)
                .containsEntry("phone", msisdn).containsEntry("currency", "TZS");
        assertThat(body.values()).allSatisfy(v -> assertThat(v).isInstanceOf(String.class));
        assertThat(callback.body()).doesNotContain("\\/");

        Map<String, Object> status = statusOf("W-1");
        assertThat(status).containsEntry("payment_status", "COMPLETED").containsEntry("transid", "T-1")
                .containsEntry("channel", channel).containsEntry("reference", body.get("reference"));
        Map<String, Object> payment = jdbc.queryForMap("SELECT * FROM payment WHERE reference = ?", body.get("reference"));
        assertThat(payment).containsEntry("provider", provider).containsEntry("status", "SUCCEEDED");
        assertThat((BigDecimal) payment.get("fee")).isEqualByComparingTo("225.00");
        assertThat(jdbc.queryForObject("SELECT sum(amount) FROM ledger_entry WHERE source_id = ?", BigDecimal.class,
                payment.get("id"))).isEqualByComparingTo("0");
        assertThat(balance()).isEqualByComparingTo("14775.00");
    }

    /**
     * M-Pesa does not sign its callbacks, and its status answer names no reason, so an M-Pesa
     * failure is declined whatever its callback claimed; Mixx signs, so its reason stands.
     */
    @ParameterizedTest(name = "ending {0}")
    @CsvSource({"255754000001, declined", "255754000002, declined", "255712000002, insufficient_funds"})
    void aDeclinedPushFailsThePaymentLeavesTheOrderPayableAndSendsNoCallback(String msisdn, String failure) {
        order("X-1", "1000");

        assertThat(pay("X-1", "T-1", msisdn).status()).isEqualTo(200);

        Await.until("the payment to fail", () -> "FAILED".equals(paymentStatus("X-1", "T-1")));
        assertThat(jdbc.queryForObject("SELECT failure_code FROM payment WHERE transid = 'T-1' AND checkout_order = ?",
                String.class, orderUuid("X-1"))).isEqualTo(failure);
        assertThat(statusOf("X-1")).containsEntry("payment_status", "PENDING");
        assertThat(pay("X-1", "T-2", "255754000000").status()).isEqualTo(200);
        Await.until("the second attempt to complete the order", () -> "COMPLETED".equals(statusOf("X-1")
                .get("payment_status")));
        Await.until("the callback", () -> !receiver.receivedFor("X-1").isEmpty());
        assertThat(receiver.receivedFor("X-1")).hasSize(1);
        assertThat(receiver.receivedFor("X-1").get(0).json()).containsEntry("transid", "T-2");
    }

    @Test
    void afterTheLastFailedAttemptTheOrderIsRejected() {
        order("Y-1", "1000");

        for (int attempt = 1; attempt <= 3; attempt++) {
            String transid = "T-" + attempt;
            assertThat(pay("Y-1", transid, "255754000001").status()).isEqualTo(200);
            Await.until("attempt " + attempt + " to fail", () -> "FAILED".equals(paymentStatus("Y-1", transid)));
        }

        assertThat(statusOf("Y-1")).containsEntry("payment_status", "REJECTED");
        Response fourth = pay("Y-1", "T-4", "255754000000");
        assertThat(fourth.status()).isEqualTo(400);
        assertThat(fourth.json().get("message").asText()).contains("payment attempts are used up");
    }

    @Test
    void repeatingATransidNeverPushesAgainAndAFailedOneCannotBeReused() {
        order("Z-1", "1000");
        order("Z-2", "1000");

        Response first = pay("Z-1", "T-1", "255754000000");
        clock.advance(Duration.ofSeconds(1));
        Response again = pay("Z-1", "T-1", "255754000000");
        pay("Z-2", "T-9", "255754000001");
        Await.until("Z-2's attempt to fail", () -> "FAILED".equals(paymentStatus("Z-2", "T-9")));
        Response reused = pay("Z-2", "T-9", "255754000000");

        assertThat(first.status()).isEqualTo(200);
        assertThat(again.status()).isEqualTo(200);
        assertEnvelope(again.json(), "111", "PENDING");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment WHERE checkout_order = ?", Integer.class,
                orderUuid("Z-1"))).isEqualTo(1);
        assertThat(reused.status()).isEqualTo(400);
        assertThat(reused.json().get("message").asText()).contains("send a new transid");
    }

    @Test
    void ordersThatCannotBePaidAreRefusedWithTheirReason() {
        order("U-1", "1000");
        order("U-2", "1000");
        order("U-3", "1000", ", \"expiry\": 1");
        shop.delete("/v1/checkout/cancel-order", "order_id=U-2").send();
        pay("U-1", "T-1", "255754000003");
        clock.advance(Duration.ofMinutes(2));

        Response inProgress = pay("U-1", "T-2", "255754000000");
        Response cancelled = pay("U-2", "T-1", "255754000000");
        Response expired = pay("U-3", "T-1", "255754000000");
        Response unknown = pay("U-9", "T-1", "255754000000");
        Response foreign = checkoutMerchant().post("/v1/checkout/wallet-payment",
                "{\"transid\": \"T-1\", \"order_id\": \"U-1\", \"msisdn\": \"255754000000\"}").send();

        assertThat(inProgress.status()).isEqualTo(400);
        assertThat(inProgress.json().get("message").asText()).contains("in progress");
        assertThat(cancelled.status()).isEqualTo(400);
        assertThat(expired.status()).isEqualTo(410);
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(foreign.status()).isEqualTo(404);
    }

    @Test
    void numbersNoProviderServesAndInvalidNumbersAreRefused() {
        order("V-1", "1000");

        Response kenyan = pay("V-1", "T-1", "254712345678");
        Response invalid = pay("V-1", "T-2", "0754000000");

        assertThat(kenyan.status()).isEqualTo(400);
        assertThat(kenyan.json().get("message").asText()).contains("no mobile-money provider Malipo works with serves");
        assertThat(invalid.status()).isEqualTo(400);
        assertThat(invalid.json().get("message").asText()).contains("msisdn: must be a mobile number");
        assertThat(statusOf("V-1")).containsEntry("payment_status", "PENDING");
    }

    @Test
    void aLiveProviderThatIsDownIsA503AndLeavesTheOrderAsItWas() {
        CheckoutClient live = checkoutMerchant(true, true);
        CheckoutClient previous = shop;
        shop = live;
        assertThat(live.post("/v1/checkout/create-order", "{\"vendor\": \"" + live.vendor + "\", \"order_id\": \"L-1\", "
                + "\"buyer_email\": \"a@duka.co.tz\", \"buyer_name\": \"Asha\", \"buyer_phone\": \"255754000000\", "
                + "\"amount\": 1000, \"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1}")
                .send().status()).isEqualTo(200);

        Response down = pay("L-1", "T-1", "255754000000");
        Response notConnected = pay("L-1", "T-2", "255688000000");

        assertThat(down.status()).as(down.body()).isEqualTo(503);
        assertThat(down.header("Retry-After")).isPresent();
        assertThat(down.json().get("message").asText()).contains("nothing was sent");
        assertThat(notConnected.status()).isEqualTo(503);
        assertThat(notConnected.json().get("message").asText()).contains("not connected for live payments");
        Map<String, Object> order = jdbc.queryForMap("SELECT payment_status, attempts FROM checkout_order WHERE id = ?",
                orderUuid("L-1"));
        assertThat(order).containsEntry("payment_status", "PENDING").containsEntry("attempts", 0);
        // Nothing left Malipo, so the transid is free again: retrying the same request is a new attempt.
        assertThat(jdbc.queryForList("SELECT failure_code FROM payment WHERE transid IS NULL AND checkout_order = ?",
                String.class, orderUuid("L-1"))).containsExactly("provider_unavailable");
        Response retried = pay("L-1", "T-1", "255754000000");
        assertThat(retried.status()).as(retried.body()).isEqualTo(503);
        assertThat(retried.json().get("message").asText()).contains("nothing was sent");
        shop = previous;
    }

    @Test
    void twentyConcurrentPushesForOneOrderMakeOnePushOneCompletionAndOneCallback() throws Exception {
        order("C-1", "5000");
        ExecutorService pool = Executors.newFixedThreadPool(20);
        List<Callable<Response>> pushes = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String transid = "T-" + (i % 2 == 0 ? "same" : i);
            pushes.add(() -> pay("C-1", transid, "255754000000"));
        }
        List<Integer> statuses = new ArrayList<>();
        try {
            for (Future<Response> answer : pool.invokeAll(pushes)) {
                statuses.add(answer.get().status());
            }
        } finally {
            pool.shutdown();
        }

        // An identical request still in flight is answered 503 with Retry-After at once, never made to wait.
        assertThat(statuses).isSubsetOf(200, 400, 503).contains(200);
        Await.until("the order to complete", () -> "COMPLETED".equals(statusOf("C-1").get("payment_status")));
        Await.until("the callback", () -> !receiver.receivedFor("C-1").isEmpty());
        String reference = jdbc.queryForObject("SELECT reference FROM payment WHERE checkout_order = ?", String.class,
                orderUuid("C-1"));
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference = ?", Integer.class,
                reference)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger_entry WHERE source_id = (SELECT id FROM payment "
                + "WHERE reference = ?)", Integer.class, reference)).isEqualTo(3);
        Await.until("deliveries to settle", () -> jdbc.queryForObject("SELECT count(*) FROM delivery WHERE status "
                + "<> 'DELIVERED' AND source_id = (SELECT id FROM payment WHERE reference = ?)", Integer.class,
                reference) == 0);
        assertThat(receiver.receivedFor("C-1")).hasSize(1);
    }

    // --- helpers

    private void order(String orderId, String amount) {
        order(orderId, amount, "");
    }

    private void order(String orderId, String amount, String extra) {
        new Shop(shop, jdbc, receiver.url()).order(orderId, amount, extra);
    }

    private Response pay(String orderId, String transid, String msisdn) {
        return new Shop(shop, jdbc, receiver.url()).pay(orderId, transid, msisdn);
    }

    private Map<String, Object> statusOf(String orderId) {
        Response response = shop.get("/v1/checkout/order-status", "order_id=" + orderId).send();
        assertThat(response.status()).isEqualTo(200);
        return new ObjectMapper().convertValue(response.json().get("data").get(0),
                new TypeReference<Map<String, Object>>() { });
    }

    private Object orderUuid(String orderId) {
        return jdbc.queryForObject("SELECT o.id FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id WHERE "
                + "o.order_id = ? AND m.vendor = ?", Object.class, orderId, shop.vendor);
    }

    private String paymentStatus(String orderId, String transid) {
        List<String> statuses = jdbc.queryForList("SELECT status FROM payment WHERE checkout_order = ? AND transid = ?",
                String.class, orderUuid(orderId), transid);
        return statuses.isEmpty() ? null : statuses.get(0);
    }

    private BigDecimal balance() {
        return jdbc.queryForObject("SELECT available FROM balance b JOIN merchant m ON m.id = b.merchant_id WHERE "
                + "m.vendor = ? AND b.livemode = FALSE AND b.currency = 'TZS'", BigDecimal.class, shop.vendor);
    }
}
