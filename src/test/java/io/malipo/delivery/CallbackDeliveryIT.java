package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.Outbox;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;

/** Callbacks through the outbox: quick retries, the durable schedule, FAILED, the delivery log and resend. */
class CallbackDeliveryIT extends PostgresIT {

    /** malipo.delivery.schedule as configured. */
    private static final List<Duration> SCHEDULE = List.of(Duration.ofMinutes(1), Duration.ofMinutes(5),
            Duration.ofMinutes(30), Duration.ofHours(2), Duration.ofHours(6), Duration.ofHours(12),
            Duration.ofHours(24));
    /** One attempt and malipo.delivery.quick-retries within it. */
    private static final int POSTS_PER_ATTEMPT = 4;

    @Autowired
    CamelContext camel;
    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();
    private Shop shop;

    @BeforeEach
    void shop() {
        shop = new Shop(checkoutMerchant(), jdbc, receiver.url());
    }

    @Test
    void aReceiverFailingBrieflyGetsTheCallbackWithinTheFirstAttempt() {
        receiver.failNext(2);

        UUID delivery = shop.paidOrder("Q-1");

        awaitStatus(delivery, "DELIVERED");
        List<CallbackReceiver.Received> posts = receiver.receivedFor("Q-1");
        assertThat(posts).hasSize(3);
        assertThat(posts).allSatisfy(p -> assertThat(p.digestVerifies(shop.client.secret)).isTrue());
        assertThat(posts.stream().map(CallbackReceiver.Received::body).distinct()).hasSize(1);
        assertThat(attempts(delivery)).containsExactly("1:200");
    }

    @Test
    void aCallbackGoesOutWhenItsPaymentCommitsWithoutWaitingForThePoll() throws Exception {
        camel.getRouteController().stopRoute("delivery-dispatch");
        try {
            UUID delivery = shop.paidOrder("Q-0");

            awaitStatus(delivery, "DELIVERED");
            assertThat(receiver.receivedFor("Q-0")).hasSize(1);
        } finally {
            camel.getRouteController().startRoute("delivery-dispatch");
        }
    }

    @Test
    void aLongerOutageIsRetriedOnTheDurableScheduleAndDeliveredAfterRecovery() throws Exception {
        receiver.failWith(503);

        UUID delivery = shop.paidOrder("Q-2");

        Await.until("the first attempt to end", () -> attemptCount(delivery) == 1);
        Map<String, Object> row = jdbc.queryForMap("SELECT d.status, extract(epoch FROM d.next_attempt_at - a.attempted_at) AS wait "
                + "FROM delivery d JOIN delivery_attempt a ON a.delivery_id = d.id WHERE d.id = ?", delivery);
        assertThat(row.get("status")).isEqualTo("PENDING");
        assertThat(((Number) row.get("wait")).doubleValue()).isCloseTo(60, Offset.offset(1.0));
        assertThat(receiver.receivedFor("Q-2")).hasSize(POSTS_PER_ATTEMPT);
        receiver.recover();
        // A delivery due now goes out, so the dispatcher has looked since; this one, not due yet, did not.
        UUID probe = new Outbox(camel, jdbc, clock).enqueue(shop.client, false, receiver.url("/probe"));
        awaitStatus(probe, "DELIVERED");
        assertThat(receiver.receivedFor("Q-2")).hasSize(POSTS_PER_ATTEMPT);

        clock.advance(SCHEDULE.get(0).plusSeconds(1));

        awaitStatus(delivery, "DELIVERED");
        assertThat(attempts(delivery)).containsExactly("1:503", "2:200");
        assertThat(receiver.receivedFor("Q-2")).hasSize(POSTS_PER_ATTEMPT + 1);
    }

    @Test
    void afterTheLastScheduledAttemptADeliveryFailsAndOperationsCanResendIt() {
        receiver.failWith(500);
        UUID delivery = shop.paidOrder("Q-3");

        for (int attempt = 1; attempt <= SCHEDULE.size(); attempt++) {
            int done = attempt;
            Await.until("attempt " + attempt, () -> attemptCount(delivery) == done);
            assertThat(status(delivery)).isEqualTo("PENDING");
            clock.advance(SCHEDULE.get(attempt - 1).plusSeconds(1));
        }

        awaitStatus(delivery, "FAILED");
        assertThat(attemptCount(delivery)).isEqualTo(SCHEDULE.size() + 1);
        assertThat(receiver.receivedFor("Q-3")).hasSize((SCHEDULE.size() + 1) * POSTS_PER_ATTEMPT);
        JsonNode failed = admin.get("/admin/v1/deliveries?status=FAILED&merchant_id=" + shop.merchantId()).json();
        assertThat(failed.get("data")).hasSize(1);
        assertThat(failed.get("data").get(0).get("id").asText()).isEqualTo(delivery.toString());
        assertThat(failed.get("data").get(0).get("last_status").asInt()).isEqualTo(500);

        receiver.recover();
        Response resent = admin.post("/admin/v1/deliveries/" + delivery + "/resend", "");

        assertThat(resent.status()).as(resent.body()).isEqualTo(202);
        assertThat(resent.json().get("status").asText()).isEqualTo("PENDING");
        awaitStatus(delivery, "DELIVERED");
        assertThat(attempts(delivery)).hasSize(SCHEDULE.size() + 2).last().isEqualTo("9:200");
    }

    /** Every range, in both modes, is the table of DeliveryEgressIT; these are the live-mode rules. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "http://shop.example.com/callback | https URLs only",
        "https://169.254.169.254/latest/meta-data | not a public internet address",
        "https://10.1.2.3/callback | not a public internet address",
        "https://100.64.0.1/callback | not a public internet address"})
    void liveCallbacksGoOnlyToPublicHttpsAddresses(String target, String reason) {
        CheckoutClient live = checkoutMerchant(true, true);

        UUID delivery = enqueue(live, true, target);

        awaitStatus(delivery, "FAILED");
        assertThat(jdbc.queryForObject("SELECT last_error FROM delivery WHERE id = ?", String.class, delivery))
                .contains(reason);
        assertThat(attemptCount(delivery)).isEqualTo(1);
    }

    @Test
    void theDeliveryLogPagesNewestFirstAndShowsPayloadAndAttempts() {
        List<UUID> deliveries = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            deliveries.add(enqueue(shop.client, false, receiver.url()));
        }
        deliveries.forEach(d -> awaitStatus(d, "DELIVERED"));
        String merchant = "/admin/v1/deliveries?merchant_id=" + shop.merchantId();

        JsonNode first = admin.get(merchant + "&limit=2").json();
        JsonNode last = admin.get(merchant + "&limit=2&before=" + first.get("next_before").asText()).json();

        assertThat(ids(first)).containsExactly(deliveries.get(2).toString(), deliveries.get(1).toString());
        assertThat(first.get("has_more").asBoolean()).isTrue();
        assertThat(ids(last)).containsExactly(deliveries.get(0).toString());
        assertThat(last.get("has_more").asBoolean()).isFalse();
        assertThat(last.has("next_before")).isFalse();
        assertThat(first.get("data").get(0).has("payload")).isFalse();

        JsonNode one = admin.get("/admin/v1/deliveries/" + deliveries.get(0)).json();
        assertThat(one.get("status").asText()).isEqualTo("DELIVERED");
        assertThat(one.get("kind").asText()).isEqualTo("CHECKOUT_CALLBACK");
        assertThat(one.get("payload").get("order_id").asText()).isEqualTo("L-1");
        assertThat(one.get("attempt_log")).hasSize(1);
        assertThat(one.get("attempt_log").get(0).get("status_code").asInt()).isEqualTo(200);
        assertThat(one.get("delivered_at").asText()).isNotBlank();
    }

    @Test
    void theDeliveryLogRefusesWhatItCannotAnswer() {
        assertProblem(admin.get("/admin/v1/deliveries?status=LOST"), 400, "status");
        assertProblem(admin.get("/admin/v1/deliveries?limit=0"), 400, "limit");
        assertProblem(admin.get("/admin/v1/deliveries?merchant_id=shop-42"), 400, "merchant_id");
        assertProblem(admin.get("/admin/v1/deliveries/" + UUID.randomUUID()), 404, "delivery");
        assertProblem(admin.post("/admin/v1/deliveries/" + UUID.randomUUID() + "/resend", ""), 404, "delivery");
        assertThat(http.get("/admin/v1/deliveries").status()).isEqualTo(401);
        assertThat(http.bearer("not-the-token").post("/admin/v1/deliveries/" + UUID.randomUUID() + "/resend", "")
                .status()).isEqualTo(401);
    }

    // --- helpers

    private UUID enqueue(CheckoutClient merchant, boolean livemode, String target) {
        return new Outbox(camel, jdbc, clock).enqueue(merchant, livemode, target);
    }

    private void awaitStatus(UUID delivery, String status) {
        new Outbox(camel, jdbc, clock).awaitStatus(delivery, status);
    }

    private String status(UUID delivery) {
        return new Outbox(camel, jdbc, clock).status(delivery);
    }

    private int attemptCount(UUID delivery) {
        return jdbc.queryForObject("SELECT count(*) FROM delivery_attempt WHERE delivery_id = ?", Integer.class,
                delivery);
    }

    /** "attempt:status" of each logged attempt, in order. */
    private List<String> attempts(UUID delivery) {
        return jdbc.queryForList("SELECT attempt || ':' || COALESCE(status_code, 0) FROM delivery_attempt "
                + "WHERE delivery_id = ? ORDER BY attempt", String.class, delivery);
    }

    private static List<String> ids(JsonNode page) {
        List<String> ids = new ArrayList<>();
        page.get("data").forEach(d -> ids.add(d.get("id").asText()));
        return ids;
    }

    private static void assertProblem(Response response, int status, String mentions) {
        assertThat(response.status()).as(response.body()).isEqualTo(status);
        assertThat(response.header("Content-Type")).hasValueSatisfying(
                type -> assertThat(type).startsWith("application/problem+json"));
        assertThat(response.body()).contains(mentions);
    }
}
