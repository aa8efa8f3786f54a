package io.malipo.channels.contract;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.equalToJson;
import static com.github.tomakehurst.wiremock.client.WireMock.matching;
import static com.github.tomakehurst.wiremock.client.WireMock.matchingJsonPath;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderNotifications;
import io.malipo.channels.ProviderSessions;
import io.malipo.common.Hmac;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * routes/providers/mixx-by-yas.yaml in live mode against a fake of Tigo's push bill-pay API:
 * the exact token request and calls it sends, what it makes of each answer code, the token kept
 * and renewed, the status query, the reversal, the unsigned callback (a hint Malipo checks with the
 * status query) and the payouts it refuses.
 */
class MixxByYasContractIT extends PostgresIT {

    private static final WireMockServer TIGO = new WireMockServer(options().dynamicPort());
    private static final String USERNAME = "MALIPO";
    /** Characters a form body must encode. */
    private static final String PASSWORD = "p@ss&word=1+2 %";
    private static final String BILLER = "255650000111";
    private static final String PIN = "4321";
    private static final String NOTIFY_SECRET = "live-notify-secret-of-tigo";
    private static final String PAYER = "255712345670";

    static {
        TIGO.start();
    }

    @DynamicPropertySource
    static void liveTigo(DynamicPropertyRegistry registry) {
        String provider = "malipo.channels.providers.mixx-tz.";
        registry.add(provider + "live-url", TIGO::baseUrl);
        registry.add(provider + "notify-secret", () -> NOTIFY_SECRET);
        registry.add(provider + "credentials.username", () -> USERNAME);
        registry.add(provider + "credentials.password", () -> PASSWORD);
        registry.add(provider + "credentials.biller-msisdn", () -> BILLER);
        registry.add(provider + "credentials.channel-pin", () -> PIN);
        registry.add("malipo.channels.circuit-breaker.minimum-calls", () -> "1000");
    }

    @AfterAll
    static void stopTigo() {
        TIGO.stop();
    }

    @Autowired
    ProviderSessions sessions;
    @Autowired
    CamelContext camel;
    @Autowired
    ProducerTemplate template;

    private ApiMerchant merchant;
    private Http api;

    @BeforeEach
    void liveMerchantAndAFreshTigo() {
        TIGO.resetAll();
        DefaultExchange exchange = new DefaultExchange(camel);
        exchange.setProperty(PaymentProperties.PROVIDER, "mixx-tz");
        exchange.setProperty(PaymentProperties.LIVEMODE, true);
        sessions.forget(exchange);
        token("TOKEN-1", 3600);
        merchant = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of());
        api = merchant.api();
    }

    // --- the token and the push

    @Test
    void collectionsShareOneTokenOfThePasswordGrantAndPushBillerPayWithTigosHeadersAndFields() {
        billerPay("BILLER-18-0000-S", true, "Valid Request");

        String first = collect("15000");
        String second = collect("2500.00");

        assertThat(status(first)).isEqualTo("PENDING");
        assertThat(status(second)).isEqualTo("PENDING");
        TIGO.verify(1, postRequestedFor(urlPathEqualTo("/token"))
                .withHeader("Content-Type", equalTo("application/x-www-form-urlencoded"))
                .withRequestBody(equalTo("username=MALIPO&password=p%40ss%26word%3D1%2B2+%25&grant_type=password")));
        TIGO.verify(postRequestedFor(urlPathEqualTo("/API/BillerPayment/BillerPay"))
                .withHeader("Authorization", equalTo("Bearer TOKEN-1"))
                .withHeader("Username", equalTo(USERNAME))
                .withHeader("Password", equalTo(PASSWORD))
                .withHeader("Content-Type", matching("application/json(;.*)?"))
                .withRequestBody(equalToJson("""
                        {"CustomerMSISDN": "%s", "BillerMSISDN": "%s", "Amount": 15000,
                         "Remarks": "Payment %s", "ReferenceID": "%s"}"""
                        .formatted(PAYER, BILLER, reference(first), reference(first)))));
        TIGO.verify(postRequestedFor(urlPathEqualTo("/API/BillerPayment/BillerPay"))
                .withRequestBody(matchingJsonPath("$.ReferenceID", equalTo(reference(second))))
                .withRequestBody(matchingJsonPath("$.Amount", equalTo("2500"))));
        // Nothing of the merchant's own request (its bearer token above all) reaches Tigo.
        assertThat(TIGO.getAllServeEvents()).allSatisfy(e -> assertThat(e.getRequest().getHeader("Authorization"))
                .isIn("Bearer TOKEN-1", null));
    }

    /** Tigo's answer code (at HTTP 200 unless told) → the payment right after it. */
    @ParameterizedTest(name = "{0} (HTTP {1}) → {2} {3}")
    @CsvSource(nullValues = "-", value = {
            "BILLER-18-0000-S, 200, PENDING, -",
            "BILLER-18-3018-E, 200, FAILED, limit_exceeded",
            "BILLER-18-3019-E, 200, FAILED, limit_exceeded",
            "BILLER-18-3020-E, 200, FAILED, limit_exceeded",
            "DebitMandate-10-2004-V, 200, FAILED, declined",
            "DebitMandate-10-2005-E, 200, FAILED, declined",
            "DebitMandate-10-3000-E, 200, FAILED, provider_refused",
            "BILLER-18-3021-E, 200, FAILED, provider_refused",
            "BILLER-18-3022-E, 200, FAILED, provider_refused",
            "BILLER-18-3040-E, 200, FAILED, provider_refused",
            "DebitMandate-10-2020-V, 200, FAILED, provider_refused",
            "DebitMandate-10-1000-E, 200, PENDING, -",
            "DebitMandate-10-5000-E, 200, PENDING, -",
            "BILLER-18-9999-X, 200, PENDING, -",
            "BILLER-18-3019-E, 500, FAILED, limit_exceeded",
            "-, 502, PENDING, -",
            "-, 503, PENDING, -"})
    void eachBillerPayAnswerCodeEndsThePaymentAsTigoMeansIt(String code, int httpStatus, String status,
            String failureCode) {
        TIGO.stubFor(post(urlPathEqualTo("/API/BillerPayment/BillerPay")).willReturn(code == null
                ? aResponse().withStatus(httpStatus).withHeader("Content-Type", "text/html").withBody("<html>Bad gateway")
                : aResponse().withStatus(httpStatus).withHeader("Content-Type", "application/json").withBody("""
                        {"ResponseCode": "%s", "ResponseStatus": %s, "ResponseDescription": "Told by Tigo",
                         "ReferenceID": "MLP"}""".formatted(code, code.endsWith("-S")))));

        String id = collect("15000");

        assertThat(status(id)).isEqualTo(status);
        assertThat(jdbc.queryForObject("SELECT failure_code FROM payment WHERE id = ?", String.class,
                UUID.fromString(id))).isEqualTo(failureCode);
    }

    @Test
    void aTokenRefusedWith401IsForgottenAndTheCallSentOnceMoreWithANewToken() {
        TIGO.stubFor(post(urlPathEqualTo("/token")).inScenario("tokens").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson(tokenJson("TOKEN-OLD", 3600))).willSetStateTo("renewed"));
        TIGO.stubFor(post(urlPathEqualTo("/token")).inScenario("tokens").whenScenarioStateIs("renewed")
                .willReturn(okJson(tokenJson("TOKEN-NEW", 3600))));
        TIGO.stubFor(post(urlPathEqualTo("/API/BillerPayment/BillerPay")).withHeader("Authorization",
                equalTo("Bearer TOKEN-OLD")).willReturn(aResponse().withStatus(401).withHeader("Content-Type",
                "application/json").withBody("{\"Message\": \"Authorization has been denied for this request.\"}")));
        billerPay("BILLER-18-0000-S", true, "Valid Request");

        String id = collect("15000");
        String again = collect("16000");

        assertThat(status(id)).isEqualTo("PENDING");
        assertThat(status(again)).isEqualTo("PENDING");
        TIGO.verify(2, postRequestedFor(urlPathEqualTo("/token")));
        TIGO.verify(1, postRequestedFor(urlPathEqualTo("/API/BillerPayment/BillerPay"))
                .withHeader("Authorization", equalTo("Bearer TOKEN-OLD")));
        TIGO.verify(2, postRequestedFor(urlPathEqualTo("/API/BillerPayment/BillerPay"))
                .withHeader("Authorization", equalTo("Bearer TOKEN-NEW")));
    }

    @Test
    void aTokenTigoRefusesSendsNothingAndTheCollectionIsRefusedAsUnavailable() {
        TIGO.stubFor(post(urlPathEqualTo("/token")).willReturn(aResponse().withStatus(400).withHeader("Content-Type",
                "application/json").withBody("""
                        {"error": "invalid_grant", "error_description": "The user name or password is incorrect."}""")));

        Response refused = api.post("/api/v1/collections", collection("15000"));

        assertThat(refused.status()).as(refused.body()).isEqualTo(503);
        assertThat(refused.json().get("code").asText()).isEqualTo("provider_unavailable");
        TIGO.verify(0, postRequestedFor(urlPathEqualTo("/API/BillerPayment/BillerPay")));
    }

    // --- the status query (Malipo's choice of shape, see the connector)

    /** What the status query answers → the payment once Malipo has asked. */
    @ParameterizedTest(name = "{0} {1} → {3}")
    @CsvSource(nullValues = "-", value = {
            "BILLER-18-0000-S, SUCCESS, Transaction successful, SUCCEEDED, -",
            "BILLER-18-0000-S, FAILED, Insufficient balance in the wallet, FAILED, insufficient_funds",
            "BILLER-18-0000-S, FAILED, Customer rejected the transaction, FAILED, declined",
            "BILLER-18-0000-S, PENDING, Transaction in progress, PENDING, -",
            "DebitMandate-10-2020-V, -, Not Valid Reference ID, PENDING, -",
            "DebitMandate-10-1000-E, -, Internal Service Error, PENDING, -"})
    void theStatusQueryAsksByReferenceIdAndTheAnswerSettlesThePayment(String code, String transactionStatus,
            String description, String status, String failureCode) {
        billerPay("BILLER-18-0000-S", true, "Valid Request");
        String id = collect("15000");
        transactionStatus(code, transactionStatus, description, "MFS-1");

        reconcile();

        TIGO.verify(postRequestedFor(urlPathEqualTo("/API/BillerPayment/TransactionStatus"))
                .withHeader("Authorization", equalTo("Bearer TOKEN-1"))
                .withHeader("Username", equalTo(USERNAME))
                .withHeader("Password", equalTo(PASSWORD))
                .withRequestBody(equalToJson("""
                        {"BillerMSISDN": "%s", "ReferenceID": "%s"}""".formatted(BILLER, reference(id)))));
        assertThat(status(id)).isEqualTo(status);
        assertThat(jdbc.queryForObject("SELECT failure_code FROM payment WHERE id = ?", String.class,
                UUID.fromString(id))).isEqualTo(failureCode);
        TIGO.verify(1, postRequestedFor(urlPathEqualTo("/token")));
    }

    // --- reversals

    @ParameterizedTest(name = "{0} then {1} → {2}")
    @CsvSource({"RefundTransaction-20-0000-S, SUCCESS, SUCCEEDED", "RefundTransaction-20-0000-S, FAILED, FAILED",
            "RefundTransaction-20-3039-E, -, FAILED"})
    void aReversalNamesTheOriginalByItsMfsTransactionIdWithTheBillersPinAndIsSettledByItsStatus(String code,
            String transactionStatus, String status) {
        String payment = succeededCollection("MFS-ORIGINAL");
        TIGO.stubFor(post(urlPathEqualTo("/API/Reverse/ReverseTransaction")).willReturn(okJson("""
                {"ResponseCode": "%s", "ResponseStatus": %s, "ResponseDescription": "Told by Tigo",
                 "DMReferenceID": "DM1", "ReferenceID": "MLR", "MFSTransactionID": "MFS-REFUND"}"""
                .formatted(code, code.endsWith("-S")))));

        Response reversal = api.post("/api/v1/reversals", "{\"paymentId\": \"" + payment + "\", \"amount\": 4000}");
        assertThat(reversal.status()).as(reversal.body()).isEqualTo(201);
        String id = reversal.json().get("id").asText();
        String reference = jdbc.queryForObject("SELECT reference FROM reversal WHERE id = ?", String.class,
                UUID.fromString(id));

        TIGO.verify(postRequestedFor(urlPathEqualTo("/API/Reverse/ReverseTransaction"))
                .withHeader("Authorization", equalTo("Bearer TOKEN-1"))
                .withHeader("Username", equalTo(USERNAME))
                .withHeader("Password", equalTo(PASSWORD))
                .withRequestBody(equalToJson("""
                        {"CustomerMSISDN": "%s", "ChannelMSISDN": "%s", "ChannelPIN": "%s", "Amount": 4000,
                         "MFSTransactionID": "MFS-ORIGINAL", "ReferenceID": "%s", "PurchaseReferenceID": "%s"}"""
                        .formatted(PAYER, BILLER, PIN, reference, reference(payment)))));
        if (!"-".equals(transactionStatus)) {
            transactionStatus("BILLER-18-0000-S", transactionStatus, "Told by Tigo", "MFS-REFUND");
            reconcile();
            TIGO.verify(postRequestedFor(urlPathEqualTo("/API/BillerPayment/TransactionStatus"))
                    .withRequestBody(equalToJson("""
                            {"BillerMSISDN": "%s", "ReferenceID": "%s"}""".formatted(BILLER, reference))));
        }
        ApiMerchant.awaitStatus(api, "/api/v1/reversals/" + id, status);
        if (status.equals("FAILED")) {
            assertThat(jdbc.queryForObject("SELECT failure_code FROM reversal WHERE id = ?", String.class,
                    UUID.fromString(id))).isEqualTo("reversal_refused");
        }
    }

    // --- the callback

    @Test
    void anUnsignedCallbackIsAcknowledgedInTigosFormatAndSettlesOnlyByWhatTheStatusQueryAnswers() {
        billerPay("BILLER-18-0000-S", true, "Valid Request");
        String id = collect("15000");
        String reference = reference(id);
        String paid = callback(true, "Transaction successful", "MFS-9", reference, "15000");
        transactionStatus("BILLER-18-0000-S", "PENDING", "Transaction in progress", "MFS-9");

        Response early = notify(paid, null);

        assertThat(early.status()).as(early.body()).isEqualTo(200);
        assertThat(early.json().get("ResponseCode").asText()).isEqualTo("BILLER-18-0000-S");
        assertThat(early.json().get("ResponseStatus").asBoolean()).isTrue();
        assertThat(early.json().get("ReferenceID").asText()).isEqualTo(reference);
        Await.until("Tigo to be asked", () -> statusQueries(reference) == 1);
        assertThat(status(id)).as("Tigo still says pending").isEqualTo("PENDING");

        transactionStatus("BILLER-18-0000-S", "SUCCESS", "Transaction successful", "MFS-9");
        Response repeated = notify(paid, null);
        assertThat(repeated.status()).isEqualTo(200);
        assertThat(statusQueries(reference)).as("the same body again asks nothing").isEqualTo(1);
        assertThat(status(id)).isEqualTo("PENDING");

        Response again = notify(callback(true, "Transaction successful.", "MFS-9", reference, "15000"), null);
        assertThat(again.status()).isEqualTo(200);
        Await.until("the payment to succeed", () -> "SUCCEEDED".equals(status(id)));
        Response contradicting = notify(callback(false, "Customer rejected the transaction", "MFS-9", reference,
                "15000"), null);
        assertThat(contradicting.status()).isEqualTo(200);
        Await.until("Tigo to be asked again", () -> statusQueries(reference) == 3);

        assertThat(status(id)).isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT provider_ref FROM payment WHERE id = ?", String.class,
                UUID.fromString(id))).isEqualTo("MFS-9");
        assertThat(jdbc.queryForObject("SELECT count(DISTINCT posting_id) FROM ledger_entry WHERE source_id = ?",
                Integer.class, UUID.fromString(id))).isEqualTo(1);
    }

    /** Tigo signs nothing: a signature header, even one made with Malipo's notify secret, settles nothing by itself. */
    @Test
    void aCallbackClaimingSuccessFailsThePaymentWhenTigoSaysItFailed() {
        billerPay("BILLER-18-0000-S", true, "Valid Request");
        String id = collect("15000");
        String reference = reference(id);
        transactionStatus("BILLER-18-0000-S", "FAILED", "Customer rejected the transaction", "MFS-10");

        String forged = callback(true, "Transaction successful", "MFS-10", reference, "15000");
        Response answer = notify(forged, Hmac.base64(NOTIFY_SECRET, forged));

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        Await.until("the payment to fail", () -> "FAILED".equals(status(id)));
        assertThat(jdbc.queryForObject("SELECT failure_code FROM payment WHERE id = ?", String.class,
                UUID.fromString(id))).isEqualTo("declined");
    }

    @Test
    void theNotifyRouteReadsTigosCallbackAndAnswersInItsReplyFormat() {
        DefaultExchange read = new DefaultExchange(camel);
        read.setProperty(PaymentProperties.PROVIDER, "mixx-tz");
        read.getIn().setBody(callback(false, "Insufficient balance", "MFS-7", "MLP7", "2500.50"));

        template.send("direct:connector-mixx-by-yas-notify", read);

        assertThat(read.getException()).isNull();
        assertThat(read.getProperties()).containsEntry(PaymentProperties.OUTCOME, "FAILED")
                .containsEntry(PaymentProperties.REFERENCE, "MLP7")
                .containsEntry(PaymentProperties.PROVIDER_REF, "MFS-7")
                .containsEntry(PaymentProperties.EVENT_KEY, "MLP7:false")
                .containsEntry(PaymentProperties.FAILURE_CODE, "insufficient_funds")
                .containsEntry(PaymentProperties.FAILURE_MESSAGE, "Insufficient balance")
                .doesNotContainKey("malipoNotifySignature");
        assertThat(read.getProperty(PaymentProperties.AMOUNT, java.math.BigDecimal.class))
                .isEqualByComparingTo("2500.50");
        assertThat(read.getProperty("malipoNotifyReply", String.class)).isEqualToIgnoringWhitespace("""
                {"ResponseCode": "BILLER-18-0000-S", "ResponseDescription": "Callback successful",
                 "ResponseStatus": true, "ReferenceID": "MLP7"}""");
    }

    // --- payouts

    @Test
    void aPayoutToAMixxNumberIsRefusedBeforeAnythingIsBookedOrSent() {
        Response refused = api.post("/api/v1/payouts", "{\"amount\": 1000, \"currency\": \"TZS\", \"msisdn\": \""
                + PAYER + "\", \"reference\": \"PO-MIXX\"}");
        Response preview = api.post("/api/v1/fees/preview", "{\"amount\": 1000, \"currency\": \"TZS\", \"type\": "
                + "\"payout\", \"msisdn\": \"" + PAYER + "\"}");

        assertThat(refused.status()).as(refused.body()).isEqualTo(400);
        assertThat(refused.json().get("code").asText()).isEqualTo("payouts_not_supported");
        assertThat(refused.json().get("detail").asText()).contains("Mixx by Yas");
        assertThat(preview.status()).as(preview.body()).isEqualTo(400);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payout WHERE merchant_reference = 'PO-MIXX'",
                Integer.class)).isZero();
        assertThat(TIGO.getAllServeEvents()).isEmpty();
    }

    // --- helpers

    private String succeededCollection(String mfsTransactionId) {
        billerPay("BILLER-18-0000-S", true, "Valid Request");
        String id = collect("15000");
        transactionStatus("BILLER-18-0000-S", "SUCCESS", "Transaction successful", mfsTransactionId);
        reconcile();
        assertThat(status(id)).isEqualTo("SUCCEEDED");
        return id;
    }

    /** Past the first check of what is in flight; the merchant's access token (5 min) is renewed as clients do. */
    private void reconcile() {
        clock.advance(Duration.ofMinutes(3));
        template.sendBody("direct:payments-reconcile", null);
        api = merchant.api();
    }

    private String collect(String amount) {
        Response created = api.post("/api/v1/collections", collection(amount));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    private static String collection(String amount) {
        return "{\"amount\": " + amount + ", \"currency\": \"TZS\", \"msisdn\": \"" + PAYER + "\", \"reference\": \""
                + "MX-" + UUID.randomUUID() + "\", \"provider\": \"mixx-tz\"}";
    }

    private String status(String paymentId) {
        return jdbc.queryForObject("SELECT status FROM payment WHERE id = ?", String.class, UUID.fromString(paymentId));
    }

    private String reference(String paymentId) {
        return jdbc.queryForObject("SELECT reference FROM payment WHERE id = ?", String.class,
                UUID.fromString(paymentId));
    }

    private static void token(String token, int seconds) {
        TIGO.stubFor(post(urlPathEqualTo("/token")).willReturn(okJson(tokenJson(token, seconds))));
    }

    private static String tokenJson(String token, int seconds) {
        return "{\"access_token\": \"" + token + "\", \"token_type\": \"bearer\", \"expires_in\": " + seconds + "}";
    }

    private static void billerPay(String code, boolean status, String description) {
        TIGO.stubFor(post(urlPathEqualTo("/API/BillerPayment/BillerPay")).atPriority(10).willReturn(okJson("""
                {"ResponseCode": "%s", "ResponseStatus": %s, "ResponseDescription": "%s", "ReferenceID": "MLP"}"""
                .formatted(code, status, description))));
    }

    private static void transactionStatus(String code, String transactionStatus, String description, String mfsId) {
        TIGO.stubFor(post(urlPathEqualTo("/API/BillerPayment/TransactionStatus")).willReturn(okJson("""
                {"ResponseCode": "%s", "ResponseStatus": %s, "ResponseDescription": "%s", "ReferenceID": "MLP",
                 "MFSTransactionID": "%s", "TransactionStatus": %s}"""
                .formatted(code, code.endsWith("-S"), description, mfsId,
                        transactionStatus == null ? "null" : "\"" + transactionStatus + "\""))));
    }

    private static String callback(boolean status, String description, String mfsId, String reference, String amount) {
        return """
                {"Status": %s, "Description": "%s", "MFSTransactionID": "%s", "ReferenceID": "%s", "Amount": "%s"}"""
                .formatted(status, description, mfsId, reference, amount);
    }

    /** As Tigo sends it: unsigned, unless {@code signature} is given. */
    private Response notify(String body, String signature) {
        return signature == null ? http.post("/v1/providers/mixx-tz/notify", body, "Content-Type", "application/json")
                : http.post("/v1/providers/mixx-tz/notify", body, "Content-Type", "application/json",
                        ProviderNotifications.SIGNATURE_HEADER, signature);
    }

    private static int statusQueries(String reference) {
        return TIGO.countRequestsMatching(postRequestedFor(urlPathEqualTo("/API/BillerPayment/TransactionStatus"))
                .withRequestBody(matchingJsonPath("$.ReferenceID", equalTo(reference))).build()).getCount();
    }
}
