package io.malipo.payments;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.ProviderNotifications;
import io.malipo.common.Hmac;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import io.micrometer.core.instrument.MeterRegistry;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.camel.ProducerTemplate;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * Settlement through provider notifications, as providers send them: each settles a payment at
 * most once, in one transaction with the order, the ledger and the callback.
 */
class SettlementIT extends PostgresIT {

    @Autowired
    ProviderDirectory providers;
    @Autowired
    MeterRegistry meters;
    @Autowired
    ProducerTemplate camel;

    private CheckoutClient shop;
    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
    }

    @Test
    void theSameNotificationTenTimesAtOnceSettlesOnceWithOnePostingAndOneCallback() throws Exception {
        String reference = unansweredPush("N-1", SIGNING);
        String notification = pushUssd(reference, providerRef(reference), "SUCCESS");

        ExecutorService pool = Executors.newFixedThreadPool(10);
        List<Callable<Response>> sends = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            sends.add(() -> notify("tpesa-tz", notification, sandboxSignature("tpesa-tz", notification)));
        }
        try {
            for (Future<Response> answer : pool.invokeAll(sends)) {
                assertThat(answer.get().status()).as(answer.get().body()).isEqualTo(200);
            }
        } finally {
            pool.shutdown();
        }

        UUID payment = paymentId(reference);
        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE id = ?", String.class, payment))
                .isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger_entry WHERE source_id = ?", Integer.class, payment))
                .isEqualTo(3);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM delivery WHERE source_id = ?", Integer.class, payment))
                .isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM provider_event WHERE event_key = ?",
                Integer.class, providerRef(reference) + ":SUCCESS")).isEqualTo(1);
        Await.until("the callback", () -> receiver.receivedFor("N-1").size() == 1);
        assertThat(orderStatus("N-1")).isEqualTo("COMPLETED");
        // No second callback comes late: once the one delivery is DELIVERED, a further dispatcher
        // run finds nothing to send.
        Await.until("the delivery to be DELIVERED", () -> "DELIVERED".equals(jdbc.queryForObject(
                "SELECT status FROM delivery WHERE source_id = ?", String.class, payment)));
        camel.sendBody("direct:delivery-dispatch-batch", null);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM delivery WHERE source_id = ?", Integer.class, payment))
                .isEqualTo(1);
        assertThat(receiver.receivedFor("N-1")).hasSize(1);
    }

    @Test
    void aNotificationMalipoCannotTrustChangesNothingByItself() {
        String signing = unansweredPush("S-1", SIGNING);
        String signed = pushUssd(signing, providerRef(signing), "SUCCESS");
        String unsigning = unansweredPush("S-2");
        String unsigned = vodacom(unsigning, providerRef(unsigning), "INS-0");

        Response withoutSignature = notify("tpesa-tz", signed, null);
        Response forged = notify("tpesa-tz", signed, Hmac.base64("guessed-secret", signed));
        Response claimed = notify("mpesa-tz", unsigned, null);
        Response wrongProvider = notify("airtel-tz", unsigned, null);
        Response unknown = notify("bitpesa", unsigned, null);

        // The provider is acknowledged (it would only repeat itself), then asked: the sandbox has
        // not carried these payments out, so they stay in flight.
        assertThat(withoutSignature.status()).as(withoutSignature.body()).isEqualTo(200);
        assertThat(forged.status()).isEqualTo(200);
        assertThat(claimed.status()).isEqualTo(200);
        assertThat(wrongProvider.status()).isBetween(200, 499);
        assertThat(unknown.status()).isEqualTo(404);
        for (String reference : List.of(signing, unsigning)) {
            assertThat(jdbc.queryForMap("SELECT status, checks FROM payment WHERE reference = ?", reference))
                    .as(reference).containsEntry("status", "PENDING");
        }
        assertThat(jdbc.queryForObject("SELECT checks FROM payment WHERE reference = ?", Integer.class, unsigning))
                .as("the provider was asked once").isEqualTo(1);
    }

    @Test
    void anUnsignedNotificationMakesMalipoAskTheProviderAndSettleFromItsAnswer() {
        order("H-1", "1000");
        UUID paid = lostCallback("H-1", "255754000000");
        String reference = jdbc.queryForObject("SELECT reference FROM payment WHERE id = ?", String.class, paid);
        String sandboxId = jdbc.queryForObject("SELECT id FROM sandbox_transaction WHERE reference = ?", String.class,
                reference);

        clock.advance(Duration.ofSeconds(5));
        // It claims a failure; the provider's status operation says it went through.
        String claim = vodacom(reference, sandboxId, "INS-2006");
        assertThat(notify("mpesa-tz", claim, null).status()).isEqualTo(200);

        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE id = ?", String.class, paid))
                .isEqualTo("SUCCEEDED");
        assertThat(orderStatus("H-1")).isEqualTo("COMPLETED");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM provider_event WHERE event_key LIKE 'status:' || ? || '%'",
                Integer.class, paid.toString())).isEqualTo(1);

        // The same body again is dropped before anyone is asked.
        assertThat(notify("mpesa-tz", claim, null).status()).isEqualTo(200);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM provider_notification WHERE provider = 'mpesa-tz' AND "
                + "body_hash = encode(sha256(convert_to(?, 'UTF8')), 'hex')", Integer.class, claim)).isEqualTo(1);
        Await.until("the callback", () -> receiver.receivedFor("H-1").size() == 1);
    }

    @Test
    void aNotificationNamingAnotherProviderTransactionThanMalipoKnowsChangesNothing() {
        String reference = unansweredPush("H-2", SIGNING);
        jdbc.update("UPDATE payment SET provider_ref = 'TX-KNOWN' WHERE reference = ?", reference);
        String other = pushUssd(reference, "TX-OTHER", "SUCCESS");

        assertThat(notify("tpesa-tz", other, sandboxSignature("tpesa-tz", other)).status()).isEqualTo(200);

        assertThat(jdbc.queryForMap("SELECT status, checks FROM payment WHERE reference = ?", reference))
                .containsEntry("status", "PENDING").containsEntry("checks", 0);
    }

    @Test
    void aSandboxSignatureCannotSettleALivePayment() {
        String reference = "MLPLIVE" + UUID.randomUUID().toString().substring(0, 8).toUpperCase();
        UUID merchant = jdbc.queryForObject("SELECT id FROM merchant WHERE vendor = ?", UUID.class, shop.vendor);
        jdbc.update("INSERT INTO payment (id, merchant_id, livemode, kind, channel, provider, amount, currency, msisdn, "
                + "reference, status, created_at, updated_at) VALUES (?, ?, TRUE, 'COLLECTION', 'WALLET_PULL', "
                + "'tpesa-tz', 1000, 'TZS', '255730000000', ?, 'PENDING', now(), now())", UUID.randomUUID(), merchant,
                reference);
        String notification = pushUssd(reference, "TX-L-1", "SUCCESS");

        Response response = notify("tpesa-tz", notification, sandboxSignature("tpesa-tz", notification));

        // Taken as a hint: T-Pesa is not connected for live payments here, so it cannot be asked yet.
        assertThat(response.status()).isEqualTo(200);
        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE reference = ?", String.class, reference))
                .isEqualTo("PENDING");
    }

    @Test
    void aPayerPayingWithThePaymentTokenCompletesTheOrderAsAManualPayment() {
        String token = order("M-1", "5000").get("payment_token");

        Response paid = c2b(token, "255712000009", "5000");

        assertThat(paid.status()).isEqualTo(202);
        Await.until("the order to complete", () -> "COMPLETED".equals(orderStatus("M-1")));
        Map<String, Object> payment = jdbc.queryForMap("SELECT p.* FROM payment p JOIN checkout_order o ON "
                + "o.completed_payment_id = p.id WHERE o.payment_token = ?", token);
        assertThat(payment).containsEntry("channel", "MANUAL").containsEntry("msisdn", "255712000009")
                .containsEntry("status", "SUCCEEDED");
        Await.until("the callback", () -> receiver.receivedFor("M-1").size() == 1);
        assertThat(receiver.receivedFor("M-1").get(0).json()).containsEntry("transid", payment.get("transid"))
                .containsEntry("channel", "TPESATZ");
    }

    @Test
    void aFailedPaymentByTokenLeavesTheWalletPushInFlightAndTheOrderAttemptAlone() {
        String reference = unansweredPush("W-1", SIGNING);
        String token = jdbc.queryForObject("SELECT o.payment_token FROM checkout_order o JOIN merchant m ON "
                + "m.id = o.merchant_id WHERE o.order_id = 'W-1' AND m.vendor = ?", String.class, shop.vendor);
        String failedByToken = "{\"event\": \"c2b\", \"transaction_id\": \"C2B-W-1\", \"payment_token\": \"" + token
                + "\", \"msisdn\": \"255712000009\", \"amount\": \"1000\", \"currency\": \"TZS\", \"status\": \"FAILED\", "
                + "\"reason\": \"insufficient_funds\"}";

        Response failed = notify("tpesa-tz", failedByToken, sandboxSignature("tpesa-tz", failedByToken));

        assertThat(failed.status()).as(failed.body()).isEqualTo(200);
        assertThat(jdbc.queryForMap("SELECT p.channel, p.status FROM payment p JOIN checkout_order o ON "
                + "o.id = p.checkout_order WHERE o.payment_token = ? AND p.channel = 'MANUAL'", token))
                .containsEntry("status", "FAILED");
        assertThat(jdbc.queryForMap("SELECT o.payment_status, o.attempts FROM checkout_order o JOIN merchant m ON "
                + "m.id = o.merchant_id WHERE o.order_id = 'W-1' AND m.vendor = ?", shop.vendor))
                .containsEntry("payment_status", "INPROGRESS").containsEntry("attempts", 1);

        String paid = pushUssd(reference, providerRef(reference), "SUCCESS");
        assertThat(notify("tpesa-tz", paid, sandboxSignature("tpesa-tz", paid)).status()).isEqualTo(200);

        assertThat(orderStatus("W-1")).isEqualTo("COMPLETED");
        Await.until("the callback", () -> receiver.receivedFor("W-1").size() == 1);
        assertThat(receiver.receivedFor("W-1").get(0).json()).containsEntry("transid", "T-W-1");
    }

    @Test
    void aPayersOwnPaymentReportedFailedThenSucceededIsRecordedOnceAndCompletesTheOrder() {
        String token = order("M-2", "5000").get("payment_token");
        String failed = byToken(token, "C2B-M-2", "FAILED");
        String succeeded = byToken(token, "C2B-M-2", "SUCCESS");

        assertThat(notify("tpesa-tz", failed, sandboxSignature("tpesa-tz", failed)).status()).isEqualTo(200);
        // Some providers write their signature in hex: it verifies all the same.
        Response late = notify("tpesa-tz", succeeded, HexFormat.of().formatHex(Base64.getDecoder().decode(
                sandboxSignature("tpesa-tz", succeeded))));
        Response repeated = notify("tpesa-tz", succeeded, sandboxSignature("tpesa-tz", succeeded));

        assertThat(late.status()).as(late.body()).isEqualTo(200);
        assertThat(repeated.status()).as(repeated.body()).isEqualTo(200);
        assertThat(jdbc.queryForList("SELECT p.status FROM payment p JOIN checkout_order o ON o.id = p.checkout_order "
                + "WHERE o.payment_token = ?", String.class, token)).containsExactly("SUCCEEDED");
        assertThat(orderStatus("M-2")).isEqualTo("COMPLETED");
        assertThat(jdbc.queryForObject("SELECT count(DISTINCT e.posting_id) FROM ledger_entry e JOIN payment p ON "
                + "p.id = e.source_id JOIN checkout_order o ON o.id = p.checkout_order WHERE o.payment_token = ?",
                Integer.class, token)).isEqualTo(1);
        Await.until("the callback", () -> receiver.receivedFor("M-2").size() == 1);
        assertThat(jdbc.queryForObject("SELECT resolution FROM settlement_conflict c JOIN payment p ON "
                + "p.id = c.subject_id JOIN checkout_order o ON o.id = p.checkout_order WHERE o.payment_token = ?",
                String.class, token)).isEqualTo("ORDER_COMPLETED");
    }

    @Test
    void moneyThatCannotCompleteAnOrderIsRecordedFlaggedAndNeverDropped() {
        String token = order("O-1", "5000").get("payment_token");
        double orphansBefore = orphans();

        c2b(token, "255712000009", "4000");
        c2b("9999999999", "255712000009", "100");

        Await.until("the short payment to be recorded", () -> jdbc.queryForObject(
                "SELECT count(*) FROM payment p JOIN checkout_order o ON o.id = p.checkout_order WHERE o.payment_token = ?",
                Integer.class, token) == 1);
        assertThat(orderStatus("O-1")).isEqualTo("PENDING");
        assertThat(jdbc.queryForObject("SELECT p.status FROM payment p JOIN checkout_order o ON o.id = p.checkout_order "
                + "WHERE o.payment_token = ?", String.class, token)).isEqualTo("SUCCEEDED");
        assertThat(orphans()).isEqualTo(orphansBefore + 1);
        Await.until("the unknown token's report to be kept", () -> jdbc.queryForObject(
                "SELECT count(*) FROM provider_event WHERE outcome = 'UNMATCHED'", Integer.class) >= 1);

        // The money goes back to the payer on its own, Malipo's fee included: the merchant ends as it began.
        String payment = "SELECT p.id FROM payment p JOIN checkout_order o ON o.id = p.checkout_order "
                + "WHERE o.payment_token = ?";
        Await.until("the automatic reversal to succeed", () -> "SUCCEEDED".equals(jdbc.queryForList(
                "SELECT status FROM reversal WHERE payment_id = (" + payment + ")", String.class, token).stream()
                .findFirst().orElse(null)));
        Map<String, Object> reversal = jdbc.queryForMap("SELECT r.amount, r.fee_refunded, r.automatic, p.fee, p.status "
                + "FROM reversal r JOIN payment p ON p.id = r.payment_id WHERE r.payment_id = (" + payment + ")", token);
        assertThat(reversal).containsEntry("automatic", true).containsEntry("status", "REVERSED");
        assertThat((BigDecimal) reversal.get("amount")).isEqualByComparingTo("4000");
        assertThat((BigDecimal) reversal.get("fee_refunded")).isEqualByComparingTo((BigDecimal) reversal.get("fee"));
        assertThat(jdbc.queryForObject("SELECT SUM(e.amount) FROM ledger_entry e WHERE e.account = 'merchant' AND "
                + "e.source_id IN ((" + payment + "), (SELECT id FROM reversal WHERE payment_id = (" + payment + ")))",
                BigDecimal.class, token, token)).isEqualByComparingTo("0");
    }

    @Test
    void aLateSuccessForAPaymentMalipoGaveUpOnIsAccepted() {
        String reference = unansweredPush("T-1", SIGNING);
        clock.advance(Duration.ofMinutes(31));
        camel.sendBody("direct:payments-reconcile", null);
        assertThat(jdbc.queryForMap("SELECT status, failure_code FROM payment WHERE reference = ?", reference))
                .containsEntry("status", "FAILED").containsEntry("failure_code", "provider_timeout");
        assertThat(orderStatus("T-1")).isEqualTo("PENDING");

        String late = pushUssd(reference, providerRef(reference), "SUCCESS");
        assertThat(notify("tpesa-tz", late, sandboxSignature("tpesa-tz", late)).status()).isEqualTo(200);

        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE reference = ?", String.class, reference))
                .isEqualTo("SUCCEEDED");
        assertThat(orderStatus("T-1")).isEqualTo("COMPLETED");
    }

    @Test
    void aPaymentThatCannotBeCheckedDoesNotHoldUpTheOthers() {
        String stranded = unansweredPush("T-2");
        String quiet = unansweredPush("T-3");
        // Its provider has since been taken out of the configuration.
        jdbc.update("UPDATE payment SET provider = 'retired-tz' WHERE reference = ?", stranded);
        clock.advance(Duration.ofMinutes(31));

        camel.sendBody("direct:payments-reconcile", null);

        assertThat(jdbc.queryForMap("SELECT status, failure_code FROM payment WHERE reference = ?", quiet))
                .containsEntry("status", "FAILED").containsEntry("failure_code", "provider_timeout");
        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE reference = ?", String.class, stranded))
                .isEqualTo("PENDING");
    }

    @Test
    void reconciliationAsksAboutQuietPaymentsAndSettlesWhatTheProviderSays() {
        String quiet = unansweredPush("R-1");
        order("R-2", "1000");
        UUID lost = lostCallback("R-2", "255754000000");
        clock.advance(Duration.ofMinutes(3));

        camel.sendBody("direct:payments-reconcile", null);

        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE id = ?", String.class, lost))
                .isEqualTo("SUCCEEDED");
        assertThat(orderStatus("R-2")).isEqualTo("COMPLETED");
        Map<String, Object> stillQuiet = jdbc.queryForMap("SELECT status, checks, next_check_at FROM payment WHERE "
                + "reference = ?", quiet);
        assertThat(stillQuiet).containsEntry("status", "PENDING").containsEntry("checks", 1);
        Await.until("R-2's callback", () -> receiver.receivedFor("R-2").size() == 1);
    }

    // --- helpers

    /** A wallet push through Vodacom M-Pesa, whose result callbacks are not signed. */
    private static final String UNSIGNING = "255754000003";
    /** A wallet push through T-Pesa, on the USSD-push aggregator that signs its notifications. */
    private static final String SIGNING = "255730000003";

    private String unansweredPush(String orderId) {
        return unansweredPush(orderId, UNSIGNING);
    }

    /** A wallet push the sandbox never answers (numbers ending in 3); the test reports its outcome. */
    private String unansweredPush(String orderId, String msisdn) {
        order(orderId, "1000");
        Response pushed = shop.post("/v1/checkout/wallet-payment", "{\"transid\": \"T-" + orderId
                + "\", \"order_id\": \"" + orderId + "\", \"msisdn\": \"" + msisdn + "\"}").send();
        assertThat(pushed.status()).as(pushed.body()).isEqualTo(200);
        return jdbc.queryForObject("SELECT p.reference FROM payment p JOIN checkout_order o ON o.id = p.checkout_order "
                + "JOIN merchant m ON m.id = o.merchant_id WHERE o.order_id = ? AND m.vendor = ?", String.class,
                orderId, shop.vendor);
    }

    /**
     * A payment the provider completed but whose report never reached Malipo: in flight on
     * Malipo's side, settled in the sandbox's books.
     */
    private UUID lostCallback(String orderId, String msisdn) {
        Map<String, Object> order = jdbc.queryForMap("SELECT o.id, o.merchant_id FROM checkout_order o JOIN merchant m "
                + "ON m.id = o.merchant_id WHERE o.order_id = ? AND m.vendor = ?", orderId, shop.vendor);
        UUID id = UUID.randomUUID();
        String reference = "MLPLOST" + id.toString().substring(0, 8).toUpperCase();
        jdbc.update("UPDATE checkout_order SET payment_status = 'INPROGRESS', attempts = 1 WHERE id = ?", order.get("id"));
        jdbc.update("INSERT INTO payment (id, merchant_id, livemode, checkout_order, kind, channel, provider, amount, "
                + "currency, msisdn, transid, reference, status, next_check_at, created_at, updated_at) VALUES (?, ?, "
                + "FALSE, ?, 'COLLECTION', 'WALLET_PULL', 'mpesa-tz', 1000, 'TZS', ?, 'T-LOST', ?, 'PENDING', ?, ?, ?)",
                id, order.get("merchant_id"), order.get("id"), msisdn, reference, OffsetDateTime.now(clock).plusMinutes(2),
                OffsetDateTime.now(clock), OffsetDateTime.now(clock));
        jdbc.update("INSERT INTO sandbox_transaction (id, provider, reference, msisdn, amount, currency, kind, created_at) "
                + "VALUES (?, 'mpesa-tz', ?, ?, 1000, 'TZS', 'PUSH', ?)", "PLOST" + id.toString().substring(0, 8),
                reference, msisdn, OffsetDateTime.now(clock));
        return id;
    }

    private Map<String, String> order(String orderId, String amount) {
        Response created = new Shop(shop, jdbc, receiver.url()).order(orderId, amount);
        return Map.of("payment_token", created.json().get("data").get(0).get("payment_token").asText());
    }

    private Response c2b(String token, String msisdn, String amount) {
        return http.post("/sandbox/tpesa-tz/push-ussd/v1/c2b", "{\"payment_token\": \"" + token + "\", \"msisdn\": \""
                + msisdn + "\", \"amount\": \"" + amount + "\"}");
    }

    /** The aggregator's report of a payment a payer made with an order's payment token. */
    private static String byToken(String token, String transaction, String status) {
        return "{\"event\": \"c2b\", \"transaction_id\": \"" + transaction + "\", \"payment_token\": \"" + token
                + "\", \"msisdn\": \"255712000009\", \"amount\": \"5000\", \"currency\": \"TZS\", \"status\": \""
                + status + "\", \"reason\": " + ("FAILED".equals(status) ? "\"insufficient_funds\"" : "null") + "}";
    }

    /** The USSD-push aggregator's report of a push. */
    private static String pushUssd(String reference, String transaction, String status) {
        return "{\"event\": \"push\", \"transaction_id\": \"" + transaction + "\", \"reference\": \"" + reference
                + "\", \"status\": \"" + status + "\", \"reason\": null}";
    }

    private static String vodacom(String reference, String transaction, String code) {
        return "{\"input_OriginalConversationID\": \"AG_1\", \"input_ThirdPartyConversationID\": \"" + reference
                + "\", \"input_TransactionID\": \"" + transaction + "\", \"input_ResultCode\": \"" + code
                + "\", \"input_ResultDesc\": \"done\"}";
    }

    private Response notify(String provider, String body, String signature) {
        return signature == null ? http.post("/v1/providers/" + provider + "/notify", body)
                : http.post("/v1/providers/" + provider + "/notify", body, ProviderNotifications.SIGNATURE_HEADER,
                        signature);
    }

    private String sandboxSignature(String provider, String body) {
        return Hmac.base64(providers.notifySecret(provider, false).orElseThrow(), body);
    }

    /** The provider's id of the push, as it answered it. */
    private String providerRef(String reference) {
        return jdbc.queryForObject("SELECT provider_ref FROM payment WHERE reference = ?", String.class, reference);
    }

    private UUID paymentId(String reference) {
        return jdbc.queryForObject("SELECT id FROM payment WHERE reference = ?", UUID.class, reference);
    }

    private String orderStatus(String orderId) {
        return jdbc.queryForObject("SELECT o.payment_status FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id "
                + "WHERE o.order_id = ? AND m.vendor = ?", String.class, orderId, shop.vendor);
    }

    private double orphans() {
        return meters.counter("malipo.payments.orphaned").count();
    }
}
