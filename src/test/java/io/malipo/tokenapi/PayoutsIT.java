package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.TokenApiIT;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** Payouts and reversals: money leaves only what the balance covers, once, and comes back when it fails. */
class PayoutsIT extends TokenApiIT {

    @Autowired
    ProducerTemplate camel;
    @Autowired
    MeterRegistry meters;

    @AfterEach
    void ledgerBalances() {
        assertThat(jdbc.queryForObject("SELECT COALESCE(SUM(amount), 0) FROM ledger_entry WHERE merchant_id = "
                + "CAST(? AS UUID)", BigDecimal.class, shop.id)).isEqualByComparingTo("0");
        assertThat(jdbc.queryForList("SELECT posting_id FROM ledger_entry WHERE merchant_id = CAST(? AS UUID) "
                + "GROUP BY posting_id HAVING SUM(amount) <> 0", String.class, shop.id)).isEmpty();
    }

    @Test
    void aPayoutTakesAmountAndFeeAtOnceAndSettles() {
        collect("F-1", "100000", "255754000000");
        BigDecimal funded = available();

        Response created = payout("P-1", "10000", "255754000000");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode payout = created.json();
        assertThat(payout.get("status").asText()).isEqualTo("PENDING");
        assertThat(payout.get("fee").decimalValue()).isEqualByComparingTo("500");
        assertThat(payout.get("reference").asText()).isEqualTo("P-1");
        assertThat(payout.get("gatewayReference").asText()).startsWith("MLO");
        assertThat(available()).isEqualByComparingTo(funded.subtract(new BigDecimal("10500")));
        assertThat(balance().get("pending").decimalValue()).isEqualByComparingTo("10500");

        awaitStatus("/api/v1/payouts/" + payout.get("id").asText(), "SUCCEEDED");
        assertThat(available()).isEqualByComparingTo(funded.subtract(new BigDecimal("10500")));
        assertThat(balance().get("pending").decimalValue()).isEqualByComparingTo("0");
        JsonNode listed = api.get("/api/v1/payouts").json().get("data");
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("id").asText()).isEqualTo(payout.get("id").asText());
    }

    @Test
    void aPayoutTheProviderFailsGivesTheMoneyBack() {
        collect("F-2", "100000", "255754000000");
        BigDecimal funded = available();

        String id = payout("P-2", "10000", "255754000001").json().get("id").asText();

        JsonNode failed = awaitStatus("/api/v1/payouts/" + id, "FAILED");
        assertThat(failed.get("failureCode").asText()).isEqualTo("recipient_rejected");
        assertThat(available()).isEqualByComparingTo(funded);
    }

    @Test
    void aPayoutTheBalanceDoesNotCoverIsRefusedAndLeavesNothing() {
        collect("F-3", "10000", "255754000000");
        BigDecimal funded = available();

        Response refused = payout("P-3", funded.toPlainString(), "255754000000");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("code").asText()).isEqualTo("insufficient_balance");
        assertThat(available()).isEqualByComparingTo(funded);
        assertThat(api.get("/api/v1/payouts").json().get("data")).isEmpty();
    }

    @Test
    void creatingAPayoutNeedsBothPayoutsWriteAndPaymentsWrite() {
        Response onlyPayouts = shop.api("payouts.write").post("/api/v1/payouts", body("P-4", "100", "255754000000"));
        assertThat(onlyPayouts.status()).isEqualTo(403);
        assertThat(onlyPayouts.json().get("detail").asText()).contains("payments.write");
        Response onlyPayments = shop.api("payments.write").post("/api/v1/payouts", body("P-4", "100", "255754000000"));
        assertThat(onlyPayments.status()).isEqualTo(403);
        assertThat(onlyPayments.json().get("detail").asText()).contains("payouts.write");
        assertThat(shop.api("payments.read").get("/api/v1/payouts").status()).isEqualTo(200);
    }

    @Test
    void twoHundredConcurrentPayoutsAgainstABalanceForAHundredMakeExactlyAHundred() throws Exception {
        collect("F-5a", "100000", "255754000000");
        collect("F-5b", "53300", "255754000000");
        assertThat(available()).isEqualByComparingTo("151000.50");
        ExecutorService pool = Executors.newFixedThreadPool(32);
        List<Callable<Response>> payouts = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String reference = "C-" + i;
            payouts.add(() -> api.post("/api/v1/payouts", body(reference, "1000", "255754000000")));
        }
        List<Response> answers = new ArrayList<>();
        for (Future<Response> answer : pool.invokeAll(payouts)) {
            answers.add(answer.get());
        }
        pool.shutdown();

        assertThat(answers.stream().filter(a -> a.status() == 201)).hasSize(100);
        assertThat(answers.stream().filter(a -> a.status() == 400)).hasSize(100)
                .allSatisfy(a -> assertThat(a.json().get("code").asText()).isEqualTo("insufficient_balance"));
        assertThat(available()).isEqualByComparingTo("1000.50");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payout WHERE merchant_id = CAST(? AS UUID)",
                Integer.class, shop.id)).isEqualTo(100);
    }

    @Test
    void theSameIdempotencyKeyMakesOnePayoutAndAReferenceServesOnce() {
        collect("F-6", "100000", "255754000000");
        Response first = api.post("/api/v1/payouts", body("P-6", "1000", "255754000000"), "Idempotency-Key", "po-6");
        Response again = api.post("/api/v1/payouts", body("P-6", "1000", "255754000000"), "Idempotency-Key", "po-6");

        assertThat(again.body()).isEqualTo(first.body());
        assertThat(api.get("/api/v1/payouts").json().get("data")).hasSize(1);
        Response reused = payout("P-6", "1000", "255754000000");
        assertThat(reused.json().get("code").asText()).isEqualTo("reference_reused");
    }

    @Test
    void aPayoutTheProviderNeverConfirmsStaysPendingWithItsMoneyReservedAndIsFlaggedToOperations() {
        collect("F-14", "100000", "255754000000");
        BigDecimal funded = available();
        // The sandbox never answers for numbers ending in 3.
        String id = payout("P-14", "10000", "255754000003").json().get("id").asText();
        double flaggedBefore = unconfirmedChecks();

        clock.advance(Duration.ofMinutes(3));
        camel.sendBody("direct:payments-reconcile", null);
        assertThat(jdbc.queryForMap("SELECT status, checks FROM payout WHERE id = CAST(? AS UUID)", id))
                .containsEntry("status", "PENDING").containsEntry("checks", 1);
        assertThat(unconfirmedChecks()).isEqualTo(flaggedBefore);

        // Past the give-up time of payments: the money may have left, so it is flagged, not failed.
        clock.advance(Duration.ofMinutes(30));
        camel.sendBody("direct:payments-reconcile", null);
        api = shop.api();
        assertThat(api.get("/api/v1/payouts/" + id).json().get("status").asText()).isEqualTo("PENDING");
        assertThat(unconfirmedChecks()).isEqualTo(flaggedBefore + 1);
        assertThat(available()).isEqualByComparingTo(funded.subtract(new BigDecimal("10500")));
        assertThat(balance().get("pending").decimalValue()).isEqualByComparingTo("10500");
    }

    @Test
    void aPayoutThatCannotBeCheckedDoesNotHoldUpTheOthers() {
        collect("F-16", "100000", "255754000000");
        String stranded = payout("P-16", "10000", "255754000003").json().get("id").asText();
        String quiet = payout("P-17", "10000", "255754000003").json().get("id").asText();
        // The provider of one has since been taken out of the configuration.
        jdbc.update("UPDATE payout SET provider = 'retired-tz' WHERE id = CAST(? AS UUID)", stranded);

        clock.advance(Duration.ofMinutes(3));
        camel.sendBody("direct:payments-reconcile", null);

        assertThat(jdbc.queryForObject("SELECT checks FROM payout WHERE id = CAST(? AS UUID)", Integer.class, quiet))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT status FROM payout WHERE id = CAST(? AS UUID)", String.class, stranded))
                .isEqualTo("PENDING");
    }

    @Test
    void aPayoutStoredButNeverHandedToTheProviderIsSentByReconciliation() {
        collect("F-15", "100000", "255754000000");
        String id = payout("P-15", "10000", "255754000003").json().get("id").asText();
        String reference = jdbc.queryForObject("SELECT reference FROM payout WHERE id = CAST(? AS UUID)",
                String.class, id);
        // As an instance leaves a payout when it stops between committing it and sending it.
        jdbc.update("UPDATE payout SET sent_at = NULL WHERE id = CAST(? AS UUID)", id);
        int requests = providerRequests(reference);

        camel.sendBody("direct:payments-reconcile", null);
        assertThat(providerRequests(reference)).as("not yet: its sender may still be at it").isEqualTo(requests);

        clock.advance(Duration.ofMinutes(2));
        camel.sendBody("direct:payments-reconcile", null);
        assertThat(providerRequests(reference)).isEqualTo(requests + 1);
        assertThat(jdbc.queryForObject("SELECT sent_at IS NOT NULL FROM payout WHERE id = CAST(? AS UUID)",
                Boolean.class, id)).isTrue();

        camel.sendBody("direct:payments-reconcile", null);
        assertThat(providerRequests(reference)).as("sent once").isEqualTo(requests + 1);
    }

    @Test
    void aPaymentIsReversedInPartsNeverBeyondWhatWasCollected() {
        // Malipo keeps its fee on a payment the merchant reverses, so the balance must hold more than it netted.
        collect("F-7a", "1000", "255754000000");
        String payment = collect("F-7", "10000", "255754000000");
        BigDecimal funded = available();

        Response part = reverse(payment, "4000");
        assertThat(part.status()).as(part.body()).isEqualTo(201);
        assertThat(part.json().get("paymentId").asText()).isEqualTo(payment);
        awaitStatus("/api/v1/reversals/" + part.json().get("id").asText(), "SUCCEEDED");
        assertThat(api.get("/api/v1/payments/" + payment).json().get("amountReversed").decimalValue())
                .isEqualByComparingTo("4000");
        assertThat(api.get("/api/v1/payments/" + payment).json().get("status").asText()).isEqualTo("SUCCEEDED");

        Response tooMuch = reverse(payment, "6000.01");
        assertThat(tooMuch.status()).isEqualTo(400);
        assertThat(tooMuch.json().get("code").asText()).isEqualTo("reversal_exceeds_payment");

        Response rest = api.post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\"}");
        assertThat(rest.status()).as(rest.body()).isEqualTo(201);
        assertThat(rest.json().get("amount").decimalValue()).isEqualByComparingTo("6000");
        awaitStatus("/api/v1/reversals/" + rest.json().get("id").asText(), "SUCCEEDED");
        assertThat(api.get("/api/v1/payments/" + payment).json().get("status").asText()).isEqualTo("REVERSED");
        assertThat(available()).isEqualByComparingTo(funded.subtract(new BigDecimal("10000")));
        assertThat(reverse(payment, "1").json().get("code").asText()).isEqualTo("payment_not_reversible");
    }

    @Test
    void concurrentReversalsTogetherNeverExceedThePayment() throws Exception {
        collect("F-8a", "100000", "255754000000");
        String payment = collect("F-8", "10000", "255754000000");
        ExecutorService pool = Executors.newFixedThreadPool(10);
        List<Callable<Response>> reversals = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            reversals.add(() -> reverse(payment, "2000"));
        }
        int created = 0;
        for (Future<Response> answer : pool.invokeAll(reversals)) {
            created += answer.get().status() == 201 ? 1 : 0;
        }
        pool.shutdown();

        assertThat(created).isEqualTo(5);
        assertThat(jdbc.queryForObject("SELECT amount_reversed FROM payment WHERE id = CAST(? AS UUID)",
                BigDecimal.class, payment)).isEqualByComparingTo("10000");
    }

    @Test
    void aReversalTheProviderRefusesGivesTheMoneyAndTheAmountBack() {
        String payment = collect("F-9", "10000", "255754000004");
        BigDecimal funded = available();

        String id = reverse(payment, "3000").json().get("id").asText();

        JsonNode failed = awaitStatus("/api/v1/reversals/" + id, "FAILED");
        assertThat(failed.get("failureCode").asText()).isEqualTo("reversal_refused");
        assertThat(available()).isEqualByComparingTo(funded);
        assertThat(api.get("/api/v1/payments/" + payment).json().get("amountReversed").decimalValue())
                .isEqualByComparingTo("0");
    }

    @Test
    void onlyTheMerchantsOwnSucceededPaymentsCanBeReversed() {
        String declined = api.post("/api/v1/collections", collection("F-10", "1000", "255754000001")).json()
                .get("id").asText();
        awaitStatus("/api/v1/payments/" + declined, "FAILED");
        assertThat(reverse(declined, null).json().get("code").asText()).isEqualTo("payment_not_reversible");

        String payment = collect("F-11", "1000", "255754000000");
        ApiMerchant other = ApiMerchant.create(http, admin);
        Response foreign = other.api().post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\"}");
        assertThat(foreign.status()).isEqualTo(404);
        assertThat(shop.api("payments.write").post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\"}")
                .status()).isEqualTo(403);
    }

    /** Collects in the sandbox and waits for the payment to succeed; answers its id. */
    private String collect(String reference, String amount, String msisdn) {
        Response created = api.post("/api/v1/collections", collection(reference, amount, msisdn));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().get("id").asText();
        awaitStatus("/api/v1/payments/" + id, "SUCCEEDED");
        return id;
    }

    private Response payout(String reference, String amount, String msisdn) {
        return api.post("/api/v1/payouts", body(reference, amount, msisdn));
    }

    private Response reverse(String payment, String amount) {
        return api.post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\""
                + (amount == null ? "" : ", \"amount\": " + amount) + "}");
    }

    private static String collection(String reference, String amount, String msisdn) {
        return "{\"amount\": " + amount + ", \"currency\": \"TZS\", \"msisdn\": \"" + msisdn + "\", \"reference\": \""
                + reference + "\"}";
    }

    private static String body(String reference, String amount, String msisdn) {
        return collection(reference, amount, msisdn);
    }

    private int providerRequests(String reference) {
        return jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference = ?", Integer.class,
                reference);
    }

    private double unconfirmedChecks() {
        return meters.counter("malipo.outgoing.unconfirmed").count();
    }

    private JsonNode balance() {
        return api.get("/api/v1/balance").json().get("balances").get(0);
    }

    private BigDecimal available() {
        return balance().get("available").decimalValue();
    }

    private JsonNode awaitStatus(String path, String status) {
        return ApiMerchant.awaitStatus(api, path, status);
    }
}
