package io.malipo.payments;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.channels.ProviderNotifications;
import io.malipo.common.Hmac;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.FakeProvider.Answer;
import io.malipo.testsupport.FakeProvider;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.AdviceWith;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A live provider that misbehaves the way real ones do, against the whole application: it
 * answers 502 or 503 after acting, reports twice and while a status query runs, reports a
 * failure and then a success. Whatever it does, money moves once, every report is recorded,
 * the ledger sums to zero, and what contradicts an ended outcome is shown to operators.
 */
class ProviderFaultIT extends PostgresIT {

    private static final FakeProvider PROVIDER = new FakeProvider();
    private static final String NOTIFY_SECRET = "live-notify-secret-of-the-test-provider";
    /** A T-Pesa number: the push-ussd connector, in live mode the fake provider. */
    private static final String MSISDN = "255730345670";

    @DynamicPropertySource
    static void liveProvider(DynamicPropertyRegistry registry) {
        registry.add("malipo.channels.providers.tpesa-tz.live-url", PROVIDER::url);
        registry.add("malipo.channels.providers.tpesa-tz.live-api-key", () -> "live-key-of-the-test-provider");
        registry.add("malipo.channels.providers.tpesa-tz.notify-secret", () -> NOTIFY_SECRET);
        registry.add("malipo.channels.providers.halopesa-tz.notify-from", () -> "203.0.113.0/24, 2001:db8::/32");
        // The 502s here are the point: they must not open the provider's circuit.
        registry.add("malipo.channels.circuit-breaker.minimum-calls", () -> "1000");
    }

    @AfterAll
    static void stopProvider() {
        PROVIDER.close();
    }

    @Autowired
    ProducerTemplate camel;
    @Autowired
    CamelContext context;
    @Autowired
    MeterRegistry meters;

    private ApiMerchant merchant;
    private Http api;

    @BeforeEach
    void liveMerchant() {
        for (String kind : List.of("requests", "payouts", "reversals")) {
            PROVIDER.answer(kind, Answer.ACCEPT);
        }
        merchant = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of());
        api = merchant.api();
    }

    @AfterEach
    void ledgerBalances() {
        assertThat(jdbc.queryForList("SELECT posting_id FROM ledger_entry GROUP BY posting_id HAVING SUM(amount) <> 0"))
                .as("postings that do not sum to zero").isEmpty();
        assertThat(jdbc.queryForObject("SELECT COALESCE(SUM(amount), 0) FROM ledger_entry", BigDecimal.class))
                .isEqualByComparingTo("0");
    }

    // --- an answer after the provider acted

    @Test
    void aNotificationFromAnAddressTheProviderDoesNotSendFromIsRefusedUnread() {
        Response answer = http.post("/v1/providers/halopesa-tz/notify", "{\"event\": \"push\"}");

        assertThat(answer.status()).isEqualTo(403);
        assertThat(answer.body()).contains("not accepted from this address");
        assertThat(http.post("/v1/providers/mpesa-tz/notify", "not even JSON").status())
                .as("a provider without a list takes any address, and reads the body").isEqualTo(400);
    }

    @Test
    void aPayoutAnswered502AfterTheProviderActedStaysPendingIsPaidOnceAndSettledByTheReport() {
        fund("100000");
        PROVIDER.answer("payouts", Answer.ACT_THEN_502);

        Response first = payout("P-502", "20000", "key-P-502");
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        assertThat(first.json().get("status").asText()).isEqualTo("PENDING");
        String reference = PROVIDER.lastReference("payouts");

        // The client retries as clients do: the same key gets the same answer, and nothing more is paid.
        Response again = payout("P-502", "20000", "key-P-502");
        assertThat(again.status()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(again.json().get("id").asText()).isEqualTo(first.json().get("id").asText());
        assertThat(payout("P-502", "20000", "another-key").status()).as("the reference is still taken")
                .isEqualTo(400);
        assertThat(PROVIDER.acted("payouts", reference)).isEqualTo(1);
        assertThat(available()).as("amount and fee taken once").isEqualByComparingTo("78000");

        report("payout", reference, "SUCCESS", "TX-P-502");
        ApiMerchant.awaitStatus(api, "/api/v1/payouts/" + first.json().get("id").asText(), "SUCCEEDED");
        assertThat(available()).isEqualByComparingTo("78000");
        System.out.printf("502 after acting on a payout: 2 requests from the client, %d payout at the provider, "
                + "status SUCCEEDED, balance 98500 -> %s%n", PROVIDER.acted("payouts", reference), available());
    }

    @Test
    void aCollectionAnswered503AfterTheProviderActedStaysPendingAndSettlesOnceWhateverReportsIt() throws Exception {
        Response endpoint = api.post("/api/v1/webhook-endpoints", "{\"url\": \"https://shop.example/malipo-events\", "
                + "\"events\": [\"*\"]}");
        assertThat(endpoint.status()).as(endpoint.body()).isEqualTo(201);
        PROVIDER.answer("requests", Answer.ACT_THEN_503);
        Response created = collect("C-503", "50000");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("status").asText()).isEqualTo("PENDING");
        String id = created.json().get("id").asText();
        String reference = PROVIDER.lastReference("requests");

        // The provider reports twice, while reconciliation asks it about the same payment.
        PROVIDER.status(reference, "SUCCESS");
        clock.advance(Duration.ofMinutes(3));
        List<Integer> answers = concurrently(
                () -> report("push", reference, "SUCCESS", "TX-C-503").status(),
                () -> report("push", reference, "SUCCESS", "TX-C-503").status(),
                () -> {
                    camel.sendBody("direct:payments-reconcile", null);
                    return 200;
                });

        assertThat(answers).containsOnly(200);
        assertThat(api.get("/api/v1/payments/" + id).json().get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(postings("PAYMENT", id)).isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM delivery WHERE source_id = ?", Integer.class,
                UUID.fromString(id))).as("payment.succeeded events").isEqualTo(1);
        assertThat(available()).isEqualByComparingTo("49250");
        assertThat(PROVIDER.acted("requests", reference)).isEqualTo(1);
        System.out.printf("503 after acting on a collection: %d push at the provider, 2 reports and a status query "
                + "at once, %d ledger posting, 1 payment.succeeded event, status SUCCEEDED%n",
                PROVIDER.acted("requests", reference), postings("PAYMENT", id));
    }

    @Test
    void aWalletPaymentAnswered502AfterTheProviderActedIsPendingAndCompletesTheOrderOnce() {
        // Live callbacks go to https only; this one is only counted in the outbox, not sent.
        Shop shop = new Shop(checkoutMerchant(true, true), jdbc, "https://shop.example/malipo-callback");
        shop.order("W-502", "15000");
        PROVIDER.answer("requests", Answer.ACT_THEN_502);

        Response pushed = shop.pay("W-502", "T-W-502", MSISDN);
        assertThat(pushed.status()).as(pushed.body()).isEqualTo(200);
        assertThat(pushed.json().get("resultcode").asText()).isEqualTo("111");
        String reference = PROVIDER.lastReference("requests");
        assertThat(shop.pay("W-502", "T-W-502", MSISDN).json().get("resultcode").asText())
                .as("the same transid again").isEqualTo("111");
        assertThat(PROVIDER.acted("requests", reference)).isEqualTo(1);

        report("push", reference, "SUCCESS", "TX-W-502");
        assertThat(jdbc.queryForObject("SELECT payment_status FROM checkout_order WHERE id = ?", String.class,
                shop.orderUuid("W-502"))).isEqualTo("COMPLETED");
        assertThat(shop.delivery("W-502")).as("one callback").isNotNull();
    }

    // --- a report that contradicts an ended outcome

    @Test
    void aPayoutReportedFailedThenSucceededIsRecordedTakenFromTheBalanceAgainAndFlagged() {
        fund("100000");
        Response created = payout("P-FS", "30000", null);
        String id = created.json().get("id").asText();
        String reference = PROVIDER.lastReference("payouts");
        double before = conflicts("payout", "succeeded", "ledger_adjustment");

        report("payout", reference, "FAILED", "TX-P-FS");
        ApiMerchant.awaitStatus(api, "/api/v1/payouts/" + id, "FAILED");
        assertThat(available()).as("given back").isEqualByComparingTo("98500");
        // Meanwhile the merchant spends most of it: the late success still has to be taken.
        ApiMerchant.awaitStatus(api, "/api/v1/payouts/" + payout("P-SPEND", "90000", null).json().get("id")
                .asText(), "PENDING");

        assertThat(report("payout", reference, "SUCCESS", "TX-P-FS").status()).isEqualTo(200);

        assertThat(api.get("/api/v1/payouts/" + id).json().get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(available()).as("taken again, below zero").isEqualByComparingTo("-22500");
        assertThat(conflicts("payout", "succeeded", "ledger_adjustment")).isEqualTo(before + 1);
        JsonNode conflict = conflictOf(id);
        assertThat(conflict.get("status_before").asText()).isEqualTo("FAILED");
        assertThat(conflict.get("resolution").asText()).isEqualTo("LEDGER_ADJUSTMENT");
        assertThat(PROVIDER.acted("payouts", reference)).isEqualTo(1);
        assertThat(payout("P-AFTER", "1000", null).json().get("code").asText()).as("no payouts from a negative balance")
                .isEqualTo("insufficient_balance");
    }

    @Test
    void aCollectionReportedFailedThenSucceededIsRecordedAndItsMoneySentBackToThePayer() {
        String id = collect("C-FS", "10000").json().get("id").asText();
        String reference = PROVIDER.lastReference("requests");
        long reversalsBefore = PROVIDER.acted("reversals");
        report("push", reference, "FAILED", "TX-C-FS");
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + id, "FAILED");

        assertThat(report("push", reference, "SUCCESS", "TX-C-FS").status()).isEqualTo(200);

        assertThat(api.get("/api/v1/payments/" + id).json().get("status").asText()).isEqualTo("SUCCEEDED");
        JsonNode conflict = conflictOf(id);
        assertThat(conflict.get("resolution").asText()).isEqualTo("AUTOMATIC_REVERSAL");
        String reversal = conflict.get("compensation_id").asText();
        Await.until("the reversal to reach the provider", () -> PROVIDER.acted("reversals") == reversalsBefore + 1);
        report("reversal", PROVIDER.lastReference("reversals"), "SUCCESS", "TX-R-FS");
        ApiMerchant.awaitStatus(api, "/api/v1/reversals/" + reversal, "SUCCEEDED");
        assertThat(api.get("/api/v1/payments/" + id).json().get("status").asText()).isEqualTo("REVERSED");
        assertThat(available()).as("the merchant ends as it began").isEqualByComparingTo("0");
    }

    @Test
    void aFailureReportedAfterASuccessChangesNothingAndWaitsForAPerson() {
        String id = collect("C-SF", "10000").json().get("id").asText();
        String reference = PROVIDER.lastReference("requests");
        report("push", reference, "SUCCESS", "TX-C-SF");
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + id, "SUCCEEDED");

        assertThat(report("push", reference, "FAILED", "TX-C-SF").status()).isEqualTo(200);

        assertThat(api.get("/api/v1/payments/" + id).json().get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(available()).isEqualByComparingTo("9850");
        assertThat(conflictOf(id).get("resolution").asText()).isEqualTo("NEEDS_REVIEW");
        Response review = admin.get("/admin/v1/settlement-conflicts?resolution=needs_review");
        assertThat(review.status()).isEqualTo(200);
        assertThat(review.json().get("data").findValuesAsText("subject_id")).contains(id);
    }

    // --- reversals of one payment settling together

    @Test
    void partialReversalsThatTogetherReverseAPaymentLeaveItReversedHoweverTheirReportsInterleave() throws Exception {
        int rounds = 8;
        int reversedPayments = 0;
        fund("10000");
        for (int round = 0; round < rounds; round++) {
            String payment = collect("C-RR-" + round, "10000").json().get("id").asText();
            report("push", PROVIDER.lastReference("requests"), "SUCCESS", "TX-C-RR-" + round);
            ApiMerchant.awaitStatus(api, "/api/v1/payments/" + payment, "SUCCEEDED");
            reverse(payment, "6000");
            String first = PROVIDER.lastReference("reversals");
            reverse(payment, "4000");
            String second = PROVIDER.lastReference("reversals");
            int r = round;

            concurrently(() -> report("reversal", first, "SUCCESS", "TX-R1-" + r).status(),
                    () -> report("reversal", second, "SUCCESS", "TX-R2-" + r).status());

            if ("REVERSED".equals(api.get("/api/v1/payments/" + payment).json().get("status").asText())) {
                reversedPayments++;
            }
        }
        System.out.printf("two partial reversals settling at once: %d of %d payments REVERSED%n", reversedPayments,
                rounds);
        assertThat(reversedPayments).isEqualTo(rounds);
    }

    // --- Idempotency-Key: a committed request whose answer was lost

    @Test
    void aReversalWhoseAnswerFailedAfterItCommittedKeepsItsKeyAndIsNeverRepeated() throws Exception {
        String payment = collect("C-IK", "10000").json().get("id").asText();
        report("push", PROVIDER.lastReference("requests"), "SUCCESS", "TX-C-IK");
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + payment, "SUCCEEDED");
        boolean[] failOnce = {true};
        AdviceWith.adviceWith(context, "reversal-view", a -> a.weaveAddFirst().process(e -> {
            if (failOnce[0]) {
                failOnce[0] = false;
                throw new IllegalStateException("the answer could not be rendered");
            }
        }));

        Response lost = api.post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\", \"amount\": 1000}",
                "Idempotency-Key", "key-R-lost");
        assertThat(lost.status()).isEqualTo(500);

        Response again = api.post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\", \"amount\": 1000}",
                "Idempotency-Key", "key-R-lost");
        assertThat(again.status()).as(again.body()).isEqualTo(201);
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM reversal WHERE payment_id = ?", Integer.class,
                UUID.fromString(payment))).isEqualTo(1);
        assertThat(again.json().get("id").asText()).isEqualTo(jdbc.queryForObject(
                "SELECT CAST(id AS VARCHAR) FROM reversal WHERE payment_id = ?", String.class, UUID.fromString(payment)));
    }

    @Test
    void aRepeatWhileTheFirstRunsIsAnsweredAtOnceAndAClaimLeftByAStoppedInstancePassesOnOrShowsItsWork() {
        fund("10000");
        String body = "{\"amount\": 1000, \"currency\": \"TZS\", \"msisdn\": \"" + MSISDN + "\", \"reference\": "
                + "\"P-CLAIM\"}";
        claim("key-running", body, "now()", null);
        long started = System.nanoTime();
        Response running = api.post("/api/v1/payouts", body, "Idempotency-Key", "key-running");
        long tookMs = (System.nanoTime() - started) / 1_000_000;
        assertThat(running.status()).as(running.body()).isEqualTo(409);
        assertThat(running.header("Retry-After")).contains("1");

        // An instance stopped before its work committed: a repeat does the work, once.
        claim("key-left", body, "now() - interval '10 minutes'", null);
        Response takenOver = api.post("/api/v1/payouts", body, "Idempotency-Key", "key-left");
        assertThat(takenOver.status()).as(takenOver.body()).isEqualTo(201);
        assertThat(api.post("/api/v1/payouts", body, "Idempotency-Key", "key-left").json().get("id").asText())
                .isEqualTo(takenOver.json().get("id").asText());

        // An instance stopped after its work committed, before answering: a repeat is shown that work.
        UUID made = UUID.fromString(takenOver.json().get("id").asText());
        String other = body.replace("P-CLAIM", "P-OTHER");
        claim("key-done", other, "now() - interval '10 minutes'", made);
        Response shown = api.post("/api/v1/payouts", other, "Idempotency-Key", "key-done");
        assertThat(shown.status()).as(shown.body()).isEqualTo(201);
        assertThat(shown.json().get("id").asText()).isEqualTo(made.toString());
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payout WHERE merchant_id = ?", Integer.class,
                UUID.fromString(merchant.id))).isEqualTo(1);
        System.out.printf("a repeat of a running request answered 409 in %d ms; a lapsed claim taken over; a "
                + "committed one shown%n", tookMs);
    }

    /** An Idempotency-Key claimed for this body at createdAt (SQL), done with payout made when not null. */
    private void claim(String key, String body, String createdAt, UUID made) {
        jdbc.update("INSERT INTO idempotency_key (merchant_id, livemode, idem_key, request_hash, claim_token, "
                + "committed_at, resource_type, resource_id, created_at) VALUES (?, TRUE, ?, ?, ?, "
                + (made == null ? "NULL, NULL" : "now(), 'PAYOUT'") + ", ?, " + createdAt + ")",
                UUID.fromString(merchant.id), key, requestHash("POST /api/v1/payouts", body), UUID.randomUUID(), made);
    }

    private static String requestHash(String request, String body) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(request.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(body.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    // --- helpers

    /** A live collection the provider approves and reports, crediting the balance with amount less the fee. */
    private void fund(String amount) {
        String id = collect("F-" + UUID.randomUUID().toString().substring(0, 8), amount).json().get("id").asText();
        report("push", PROVIDER.lastReference("requests"), "SUCCESS", "TX-" + id);
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + id, "SUCCEEDED");
    }

    private Response collect(String reference, String amount) {
        return api.post("/api/v1/collections", "{\"amount\": " + amount + ", \"currency\": \"TZS\", \"msisdn\": \""
                + MSISDN + "\", \"reference\": \"" + reference + "\"}");
    }

    private Response payout(String reference, String amount, String key) {
        String body = "{\"amount\": " + amount + ", \"currency\": \"TZS\", \"msisdn\": \"" + MSISDN
                + "\", \"reference\": \"" + reference + "\"}";
        return key == null ? api.post("/api/v1/payouts", body) : api.post("/api/v1/payouts", body, "Idempotency-Key",
                key);
    }

    private void reverse(String payment, String amount) {
        Response reversal = api.post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\", \"amount\": " + amount
                + "}");
        assertThat(reversal.status()).as(reversal.body()).isEqualTo(201);
    }

    /** The provider's report of a push, payout or reversal, signed with its live notification secret. */
    private Response report(String event, String reference, String status, String transaction) {
        String body = "{\"event\": \"" + event + "\", \"request_id\": \"RQ-" + reference + "\", \"reference\": \""
                + reference + "\", \"status\": \"" + status + "\", \"reason\": " + ("FAILED".equals(status)
                ? "\"declined\"" : "null") + ", \"transaction_id\": \"" + transaction + "\"}";
        return http.post("/v1/providers/tpesa-tz/notify", body, ProviderNotifications.SIGNATURE_HEADER,
                Hmac.base64(NOTIFY_SECRET, body));
    }

    private BigDecimal available() {
        JsonNode balances = api.get("/api/v1/balance").json().get("balances");
        return balances.isEmpty() ? BigDecimal.ZERO : balances.get(0).get("available").decimalValue();
    }

    private int postings(String sourceType, String id) {
        return jdbc.queryForObject("SELECT count(DISTINCT posting_id) FROM ledger_entry WHERE source_type = ? AND "
                + "source_id = ?", Integer.class, sourceType, UUID.fromString(id));
    }

    private JsonNode conflictOf(String subjectId) {
        Response page = admin.get("/admin/v1/settlement-conflicts?limit=100");
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        for (JsonNode conflict : page.json().get("data")) {
            if (conflict.get("subject_id").asText().equals(subjectId)) {
                return conflict;
            }
        }
        throw new AssertionError("no settlement conflict of " + subjectId + " in " + page.body());
    }

    private double conflicts(String subject, String reported, String resolution) {
        var counter = meters.find("malipo.settlement.conflicts").tags("subject", subject, "reported", reported,
                "resolution", resolution).counter();
        return counter == null ? 0 : counter.count();
    }

    @SafeVarargs
    private static <T> List<T> concurrently(java.util.concurrent.Callable<T>... tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.length);
        try {
            CyclicBarrier start = new CyclicBarrier(tasks.length);
            List<Future<T>> futures = new ArrayList<>();
            for (var task : tasks) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return task.call();
                }));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }
}
