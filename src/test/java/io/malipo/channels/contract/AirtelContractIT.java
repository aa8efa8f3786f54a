package io.malipo.channels.contract;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.matching.RequestPatternBuilder;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderCrypto;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.ProviderSessions;
import io.malipo.common.Hmac;
import io.malipo.common.RandomTokens;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.ConnectorExchanges;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.math.BigDecimal;
import java.security.KeyPair;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
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
 * routes/providers/airtel-money.yaml in live mode against a fake of Airtel's own API (WireMock,
 * never the sandbox): the exact requests Malipo sends (paths, headers, JSON, the encrypted PIN),
 * what every documented answer code means, the enquiry of each kind, the token kept and
 * renewed, and what the callback route reads out of Airtel's callbacks.
 */
class AirtelContractIT extends PostgresIT {

    private static final String PROVIDER = "airtel-tz";
    private static final String CLIENT_ID = "c02e9e46-db9d-4faf-b91a-94f88bbe688c";
    private static final String CLIENT_SECRET = "ab672211-4197-4c11-ba79-b29ce2034ca2";
    /** A leading zero, as PINs have: it must reach Airtel as text, not as a number. */
    private static final String PIN = "0420";
    /** Airtel's "private key" of the application's callback authentication. */
    private static final String CALLBACK_KEY = "airtel-callback-private-key-of-the-test";
    private static final KeyPair AIRTEL_KEYS = ProviderCrypto.rsaKeyPair();
    private static final WireMockServer AIRTEL = new WireMockServer(options().dynamicPort());
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        AIRTEL.start();
    }

    @DynamicPropertySource
    static void liveAirtel(DynamicPropertyRegistry registry) {
        String prefix = "malipo.channels.providers." + PROVIDER + ".";
        registry.add(prefix + "live-url", AIRTEL::baseUrl);
        registry.add(prefix + "live-api-key", () -> "unused-by-airtel");
        registry.add(prefix + "notify-secret", () -> CALLBACK_KEY);
        registry.add(prefix + "credentials.client-id", () -> CLIENT_ID);
        registry.add(prefix + "credentials.client-secret", () -> CLIENT_SECRET);
        registry.add(prefix + "credentials.pin", () -> PIN);
        registry.add(prefix + "credentials.public-key", () -> Base64.getEncoder()
                .encodeToString(AIRTEL_KEYS.getPublic().getEncoded()));
        // Refusals and gateway errors are the point here: they must not open the provider's circuit.
        registry.add("malipo.channels.circuit-breaker.minimum-calls", () -> "1000");
    }

    @AfterAll
    static void stopAirtel() {
        AIRTEL.stop();
    }

    @Autowired
    CamelContext camel;
    @Autowired
    ProducerTemplate template;
    @Autowired
    ProviderDirectory providers;
    @Autowired
    ProviderSessions sessions;

    @BeforeEach
    void freshAirtel() {
        AIRTEL.resetAll();
        token("tok-1");
        sessions.forget(exchange(Map.of()));
    }

    // --- what Malipo sends

    @Test
    void aCollectionIsAirtelsUssdPushWithTheTokenTheCountryAndTheNumberWithoutItsCountryCode() throws Exception {
        answer("POST", "/merchant/v1/payments/", 200, collectionAnswer("DP00800001006"));

        Exchange sent = call("request", Map.of(PaymentProperties.REFERENCE, "MLPCOLLECT0001",
                PaymentProperties.MSISDN, "255688123450", PaymentProperties.AMOUNT, new BigDecimal("1500.00")));

        assertThat(outcome(sent)).as(sent.getProperties().toString()).isEqualTo("ACCEPTED");
        LoggedRequest token = only(postRequestedFor(urlEqualTo("/auth/oauth2/token")));
        assertThat(token.getHeader("Content-Type")).startsWith("application/json");
        assertThat(JSON.readTree(token.getBodyAsString())).isEqualTo(JSON.readTree("""
                {"client_id": "%s", "client_secret": "%s", "grant_type": "client_credentials"}"""
                .formatted(CLIENT_ID, CLIENT_SECRET)));
        LoggedRequest push = only(postRequestedFor(urlEqualTo("/merchant/v1/payments/")));
        assertAirtelHeaders(push);
        assertThat(push.getHeader("Content-Type")).startsWith("application/json");
        assertThat(JSON.readTree(push.getBodyAsString())).isEqualTo(JSON.readTree("""
                {"reference": "MLPCOLLECT0001",
                 "subscriber": {"country": "TZ", "currency": "TZS", "msisdn": "688123450"},
                 "transaction": {"amount": 1500.00, "country": "TZ", "currency": "TZS", "id": "MLPCOLLECT0001"}}"""));
    }

    @Test
    void aPayoutIsAV1DisbursementWhosePinDecryptsUnderAirtelsKey() throws Exception {
        answer("POST", "/standard/v1/disbursements/", 200, """
                {"data": {"transaction": {"reference_id": "APC1234", "airtel_money_id": "partner-APC1234",
                 "id": "MLOPAYOUT0001"}},
                 "status": {"response_code": "DP00900001001", "code": "200", "success": true,
                 "result_code": "ESB000010", "message": "SUCCESS"}}""");

        Exchange sent = call("payout", Map.of(PaymentProperties.REFERENCE, "MLOPAYOUT0001",
                PaymentProperties.MSISDN, "255688123451", PaymentProperties.AMOUNT, new BigDecimal("20000")));

        assertThat(outcome(sent)).as(sent.getProperties().toString()).isEqualTo("ACCEPTED");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_REF)).isEqualTo("partner-APC1234");
        LoggedRequest payout = only(postRequestedFor(urlEqualTo("/standard/v1/disbursements/")));
        assertAirtelHeaders(payout);
        JsonNode body = JSON.readTree(payout.getBodyAsString());
        assertThat(ProviderCrypto.decrypt(AIRTEL_KEYS.getPrivate(), body.get("pin").asText())).isEqualTo(PIN);
        ((ObjectNode) body).remove("pin");
        assertThat(body).isEqualTo(JSON.readTree("""
                {"payee": {"msisdn": "688123451"}, "reference": "MLOPAYOUT0001",
                 "transaction": {"amount": 20000, "id": "MLOPAYOUT0001"}}"""));
    }

    @Test
    void aRefundNamesTheOriginalByItsAirtelMoneyIdAndIsTakenOnEsb000010EvenWhenSuccessIsFalse() throws Exception {
        // Airtel's own sample answers a refund with success false beside ESB000010 and SUCCESS.
        answer("POST", "/standard/v1/payments/refund", 200, """
                {"data": {"transaction": {"airtel_money_id": "CI2000029", "status": "SUCCESS"}},
                 "status": {"code": "200", "message": "SUCCESS", "result_code": "ESB000010", "success": false}}""");

        Exchange sent = call("reversal", Map.of(PaymentProperties.REFERENCE, "MLRREFUND0001",
                PaymentProperties.ORIGINAL_REFERENCE, "MLPCOLLECT0001", PaymentProperties.ORIGINAL_PROVIDER_REF,
                "CI1000018", PaymentProperties.MSISDN, "255688123450",
                PaymentProperties.AMOUNT, new BigDecimal("1500.00")));

        assertThat(outcome(sent)).as(sent.getProperties().toString()).isEqualTo("ACCEPTED");
        LoggedRequest refund = only(postRequestedFor(urlEqualTo("/standard/v1/payments/refund")));
        assertAirtelHeaders(refund);
        assertThat(JSON.readTree(refund.getBodyAsString()).get("transaction").get("airtel_money_id").asText())
                .isEqualTo("CI1000018");
    }

    @Test
    void aPartialRefundIsDeclinedAndNothingIsSentSinceAirtelRefundsOnlyWholePayments() throws Exception {
        Exchange sent = call("reversal", Map.of(PaymentProperties.REFERENCE, "MLRREFUND0002",
                PaymentProperties.ORIGINAL_REFERENCE, "MLPCOLLECT0002", PaymentProperties.ORIGINAL_PROVIDER_REF,
                "CI1000019", PaymentProperties.MSISDN, "255688123450",
                PaymentProperties.AMOUNT, new BigDecimal("500.00"), PaymentProperties.PARTIAL_REVERSAL, true));

        assertThat(outcome(sent)).isEqualTo("DECLINED");
        assertThat(sent.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo("reversal_refused");
        assertThat(sent.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class)).contains("only in full");
        assertThat(AIRTEL.findAll(postRequestedFor(urlEqualTo("/standard/v1/payments/refund")))).isEmpty();
    }

    // --- what each answer means: Airtel's code → Malipo's outcome (and failure code)

    /** What each of Airtel's answers to a push, a disbursement and a refund means; a message only with a refusal. */
    @ParameterizedTest(name = "{0} {1}/{2} → {3} {4}")
    @CsvSource(nullValues = "-", value = {
            "collection, DP00800001001, ESB000010, ACCEPTED, -",
            "collection, DP00800001006, ESB000010, ACCEPTED, -",
            "collection, DP00800001000, ESB000010, PENDING, -",
            "collection, DP00800001002, ESB000011, DECLINED, declined",
            "collection, DP00800001003, ESB000011, DECLINED, limit_exceeded",
            "collection, DP00800001004, ESB000011, DECLINED, declined",
            "collection, DP00800001005, ESB000011, DECLINED, declined",
            "collection, DP00800001007, ESB000011, DECLINED, insufficient_funds",
            "collection, DP00800001008, ESB000011, DECLINED, declined",
            "collection, DP00800001009, ESB000011, DECLINED, declined",
            "collection, DP00800001010, ESB000011, DECLINED, declined",
            "collection, DP00800001024, ESB000011, PENDING, -",
            "collection, DP00800001025, ESB000011, PENDING, -",
            "collection, DP00800001026, ESB000011, DECLINED, declined",
            "collection, DP00800001029, ESB000011, DECLINED, declined",
            "collection, -, ESB000001, PENDING, -",
            "collection, -, ESB000004, PENDING, -",
            "collection, -, ESB000008, PENDING, -",
            "collection, -, ESB000011, DECLINED, declined",
            "collection, -, ESB000014, PENDING, -",
            "collection, -, ESB000033, DECLINED, declined",
            "collection, -, ESB000034, DECLINED, declined",
            "collection, -, ESB000035, DECLINED, declined",
            "collection, -, ESB000036, DECLINED, declined",
            "collection, -, ESB000039, DECLINED, declined",
            "collection, -, ESB000041, PENDING, -",
            "collection, -, ROUTER005, DECLINED, declined",
            "collection, -, ROUTER112, DECLINED, declined",
            "collection, -, ROUTER117, PENDING, -",
            "collection, DP00800001099, ESB000010, PENDING, -",
            "disbursement, DP00900001000, ESB000010, PENDING, -",
            "disbursement, DP00900001001, ESB000010, ACCEPTED, -",
            "disbursement, DP00900001003, ESB000011, DECLINED, limit_exceeded",
            "disbursement, DP00900001004, ESB000011, DECLINED, declined",
            "disbursement, DP00900001005, ESB000011, DECLINED, declined",
            "disbursement, DP00900001006, ESB000010, ACCEPTED, -",
            "disbursement, DP00900001007, ESB000011, DECLINED, insufficient_funds",
            "disbursement, DP00900001009, ESB000011, DECLINED, declined",
            "disbursement, DP00900001010, ESB000011, DECLINED, declined",
            "disbursement, DP00900001011, ESB000011, PENDING, -",
            "disbursement, DP00900001012, ESB000011, DECLINED, recipient_rejected",
            "disbursement, DP00900001013, ESB000011, DECLINED, recipient_rejected",
            "disbursement, DP00900001014, ESB000011, PENDING, -",
            "disbursement, DP00900001015, ESB000011, PENDING, -",
            "disbursement, DP00900001016, ESB000011, DECLINED, declined",
            "disbursement, DP00900001017, ESB000011, PENDING, -",
            "disbursement, -, ROUTER114, DECLINED, declined",
            "disbursement, -, ROUTER115, DECLINED, declined",
            "disbursement, -, ROUTER116, DECLINED, declined",
            "disbursement, -, ROUTER117, PENDING, -",
            "disbursement, -, ESB000001, PENDING, -",
            "disbursement, -, ESB000039, DECLINED, declined",
            "refund, DP00900001007, ESB000011, DECLINED, insufficient_funds",
            "refund, DP00900001004, ESB000011, DECLINED, reversal_refused",
            "refund, DP00900001005, ESB000011, DECLINED, reversal_refused",
            "refund, DP00900001013, ESB000011, DECLINED, reversal_refused",
            "refund, DP00900001015, ESB000011, DECLINED, reversal_refused",
            "refund, -, ESB000011, DECLINED, reversal_refused",
            "refund, -, ESB000045, DECLINED, reversal_refused",
            "refund, -, ESB000001, PENDING, -",
            "refund, -, ESB000010, PENDING, -",
            "refund, DP00900001000, ESB000010, PENDING, -"})
    void eachAnswerCodeHasItsOutcome(String kind, String responseCode, String resultCode, String outcome,
            String failureCode) {
        // The connector route, Airtel's path and Malipo's reference prefix of each kind.
        List<String> sent = Map.of("collection", List.of("request", "/merchant/v1/payments/", "MLP"),
                "disbursement", List.of("payout", "/standard/v1/disbursements/", "MLO"),
                "refund", List.of("reversal", "/standard/v1/payments/refund", "MLR")).get(kind);
        answer("POST", sent.get(1), 200, statusOnly(responseCode, resultCode));

        Exchange answered = call(sent.get(0), Map.of(PaymentProperties.REFERENCE, reference(sent.get(2)),
                PaymentProperties.MSISDN, "255688123450", PaymentProperties.ORIGINAL_PROVIDER_REF, "CI1000018"));

        assertThat(outcome(answered)).as(answered.getProperties().toString()).isEqualTo(outcome);
        assertThat(answered.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
        assertThat(answered.getProperty(PaymentProperties.FAILURE_MESSAGE))
                .isEqualTo(failureCode == null ? null : "as Airtel words it");
        assertThat(answered.getProperty(PaymentProperties.PROVIDER_FAILED)).isNull();
    }

    @Test
    void aGatewaysErrorPageAfterTheRequestLeftIsPendingNeverFailed() {
        AIRTEL.stubFor(post(urlEqualTo("/merchant/v1/payments/")).willReturn(aResponse().withStatus(502)
                .withHeader("Content-Type", "text/html").withBody("<html>Bad Gateway</html>")));

        Exchange sent = collect();

        assertThat(outcome(sent)).isEqualTo("PENDING");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
    }

    // --- the enquiry of each kind

    @ParameterizedTest(name = "{0} {2} → {4} {5}")
    @CsvSource(nullValues = "-", value = {
            "COLLECTION, /standard/v1/payments/, TS, DP00800001001, SUCCEEDED, -",
            "COLLECTION, /standard/v1/payments/, TF, DP00800001007, FAILED, insufficient_funds",
            "COLLECTION, /standard/v1/payments/, TF, DP00800001008, FAILED, declined",
            "COLLECTION, /standard/v1/payments/, TE, DP00800001029, FAILED, declined",
            "COLLECTION, /standard/v1/payments/, TIP, DP00800001006, PENDING, -",
            "COLLECTION, /standard/v1/payments/, TA, DP00800001000, PENDING, -",
            "PAYOUT, /standard/v1/disbursements/, TS, DP00900001001, SUCCEEDED, -",
            "PAYOUT, /standard/v1/disbursements/, TF, DP00900001012, FAILED, recipient_rejected",
            "PAYOUT, /standard/v1/disbursements/, TF, DP00900001003, FAILED, limit_exceeded",
            "PAYOUT, /standard/v1/disbursements/, TIP, DP00900001006, PENDING, -",
            "REVERSAL, /standard/v1/payments/refund/, TS, DP00900001001, SUCCEEDED, -",
            "REVERSAL, /standard/v1/payments/refund/, TF, DP00900001005, FAILED, reversal_refused"})
    void eachKindIsAskedAtItsOwnEnquiryAndItsStatusRead(String kind, String path, String status, String code,
            String outcome, String failureCode) {
        String reference = reference(kind.equals("PAYOUT") ? "MLO" : kind.equals("REVERSAL") ? "MLR" : "MLP");
        answer("GET", path + reference, 200, """
                {"data": {"transaction": {"airtel_money_id": "%s", "id": "%s", "message": "as Airtel words it",
                 "status": "%s"}},
                 "status": {"code": "200", "message": "SUCCESS", "result_code": "ESB000010", "response_code": "%s",
                 "success": true}}""".formatted(status.equals("TS") ? "MP210603.1234.L06941" : "", reference,
                status, code));

        Exchange asked = call("status", Map.of(PaymentProperties.REFERENCE, reference,
                PaymentProperties.TRANSACTION_KIND, kind));

        assertThat(outcome(asked)).as(asked.getProperties().toString()).isEqualTo(outcome);
        assertThat(asked.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
        assertThat(asked.getProperty(PaymentProperties.PROVIDER_REF))
                .isEqualTo(status.equals("TS") ? "MP210603.1234.L06941" : null);
        assertThat(asked.getProperty(PaymentProperties.PROVIDER_FAILED)).isNull();
        assertAirtelHeaders(only(getRequestedFor(urlEqualTo(path + reference))));
    }

    @Test
    void aTransactionAirtelDoesNotFindYetStaysPending() {
        String reference = reference("MLP");
        answer("GET", "/standard/v1/payments/" + reference, 404, """
                {"status": {"code": "404", "message": "No Transaction Found With Provided Transaction Id.",
                 "result_code": "ESB000045", "response_code": "DP00800001025", "success": false}}""");

        Exchange asked = call("status", Map.of(PaymentProperties.REFERENCE, reference));

        assertThat(outcome(asked)).isEqualTo("PENDING");
        assertThat(asked.getProperty(PaymentProperties.PROVIDER_FAILED)).as("Airtel answered; it is not down").isNull();
    }

    // --- the token: fetched once, kept, renewed when Airtel refuses it

    @Test
    void oneTokenServesSeveralPaymentsAndA401FetchesANewOneAndSendsOnceMore() {
        answer("POST", "/merchant/v1/payments/", 200, collectionAnswer("DP00800001006"));
        for (int i = 0; i < 3; i++) {
            assertThat(outcome(collect())).isEqualTo("ACCEPTED");
        }
        assertThat(AIRTEL.findAll(postRequestedFor(urlEqualTo("/auth/oauth2/token")))).hasSize(1);

        // Airtel drops tok-1 before its time; the next token it gives is tok-2.
        AIRTEL.resetAll();
        token("tok-2");
        AIRTEL.stubFor(post(urlEqualTo("/merchant/v1/payments/")).withHeader("Authorization", equalTo("Bearer tok-1"))
                .willReturn(aResponse().withStatus(401).withHeader("Content-Type", "application/json")
                        .withBody("{\"error\": \"invalid_token\"}")));
        AIRTEL.stubFor(post(urlEqualTo("/merchant/v1/payments/")).withHeader("Authorization", equalTo("Bearer tok-2"))
                .willReturn(okJson(collectionAnswer("DP00800001006"))));

        Exchange sent = collect();

        assertThat(outcome(sent)).isEqualTo("ACCEPTED");
        assertThat(AIRTEL.findAll(postRequestedFor(urlEqualTo("/auth/oauth2/token")))).hasSize(1);
        List<LoggedRequest> pushes = AIRTEL.findAll(postRequestedFor(urlEqualTo("/merchant/v1/payments/")));
        assertThat(pushes).extracting(r -> r.getHeader("Authorization")).containsExactly("Bearer tok-1",
                "Bearer tok-2");
        assertThat(pushes.get(1).getBodyAsString()).isEqualTo(pushes.get(0).getBodyAsString());
    }

    @Test
    void a401ToTheNewTokenTooLeavesThePaymentPendingAfterOneRetry() {
        AIRTEL.stubFor(post(urlEqualTo("/merchant/v1/payments/")).willReturn(aResponse().withStatus(401)));

        Exchange sent = collect();

        assertThat(outcome(sent)).isEqualTo("PENDING");
        assertThat(AIRTEL.findAll(postRequestedFor(urlEqualTo("/merchant/v1/payments/")))).hasSize(2);
    }

    @Test
    void aTokenAirtelWillNotGiveSendsNothingElseAndIsUnavailable() {
        AIRTEL.stubFor(post(urlEqualTo("/auth/oauth2/token")).willReturn(aResponse().withStatus(401)
                .withHeader("Content-Type", "application/json").withBody("{\"error\": \"invalid_client\"}")));

        Exchange sent = call("payout", Map.of(PaymentProperties.REFERENCE, reference("MLO"),
                PaymentProperties.MSISDN, "255688123450"));
        Exchange asked = call("status", Map.of(PaymentProperties.REFERENCE, reference("MLP")));

        assertThat(outcome(sent)).isEqualTo("UNAVAILABLE");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
        assertThat(outcome(asked)).isEqualTo("PENDING");
        assertThat(asked.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
        assertThat(AIRTEL.findAll(postRequestedFor(urlEqualTo("/standard/v1/disbursements/")))).isEmpty();
    }

    // --- the callback: what the connector reads, and the text Airtel's hash covers

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(nullValues = "-", value = {
            "MLPCB0001, TS, MP210603.1234.L06941, 'Paid TZS 5,000 to SHOP Charge TZS 140, Trans ID MP210603.1234.L06941.', SUCCEEDED, -",
            "MLPCB0001, TF, -, 'User wallet does not have enough money to cover the payable amount.', FAILED, insufficient_funds",
            "MLPCB0001, TF, '', 'The transaction was refused.', FAILED, declined",
            "MLOCB0002, TF, -, 'Maximum transaction limit reached for the day.', FAILED, limit_exceeded",
            "MLRCB0003, TF, -, 'Transaction failed.', FAILED, reversal_refused",
            "MLOCB0002, TS, MP210603.1234.L06942, Paid, SUCCEEDED, -",
            "MLOCB0002, TIP, -, 'In process', PENDING, -"})
    void eachCallbackIsReadIntoItsClaimAndTheHashIntoTheTextItCovers(String reference, String statusCode,
            String airtelMoneyId, String message, String outcome, String failureCode) throws Exception {
        Map<String, Object> transaction = new LinkedHashMap<>();
        transaction.put("id", reference);
        transaction.put("message", message);
        transaction.put("status_code", statusCode);
        if (airtelMoneyId != null) {
            transaction.put("airtel_money_id", airtelMoneyId);
        }
        // As Airtel signs: HMAC-SHA256 of the transaction object under the callback key, Base64.
        String signedText = JSON.writeValueAsString(transaction);
        String hash = Hmac.base64(CALLBACK_KEY, signedText);
        // Airtel's spacing, not Jackson's: the connector must rebuild the compact text.
        String body = "{\n  \"transaction\": " + JSON.writerWithDefaultPrettyPrinter().writeValueAsString(transaction)
                + ",\n  \"hash\": \"" + hash + "\"\n}";

        Exchange read = notify(body);

        assertThat(read.getException()).isNull();
        assertThat(outcome(read)).isEqualTo(outcome);
        assertThat(read.getProperty(PaymentProperties.REFERENCE)).isEqualTo(reference);
        assertThat(read.getProperty(PaymentProperties.EVENT_KEY)).isEqualTo(reference + ":" + statusCode);
        assertThat(read.getProperty(PaymentProperties.PROVIDER_REF))
                .isEqualTo(airtelMoneyId == null || airtelMoneyId.isEmpty() ? null : airtelMoneyId);
        assertThat(read.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
        assertThat(read.getProperty(PaymentProperties.AMOUNT)).isNull();
        assertThat(read.getProperty("malipoNotifySignature")).isEqualTo(hash);
        assertThat(read.getProperty("malipoNotifySignedText")).isEqualTo(signedText);
        assertThat(Hmac.base64(CALLBACK_KEY, read.getProperty("malipoNotifySignedText", String.class)))
                .isEqualTo(read.getProperty("malipoNotifySignature"));
        assertThat(JSON.readTree(read.getProperty("malipoNotifyReply", String.class)).at("/status/code").asText())
                .isEqualTo("200");
    }

    @Test
    void aCallbackWithoutAHashClaimsItsOutcomeAndCarriesNoSignature() {
        Exchange read = notify("""
                {"transaction": {"id": "MLPCB0004", "message": "Paid", "status_code": "TS",
                 "airtel_money_id": "MP210603.1234.L06943"}}""");

        assertThat(outcome(read)).isEqualTo("SUCCEEDED");
        assertThat(read.getProperty("malipoNotifySignature")).isNull();
        assertThat(read.getProperty("malipoNotifySignedText")).isNull();
        assertThat(read.getProperty("malipoNotifyReply")).isNotNull();
    }

    // --- the whole path: a live payment through the token API, settled by Airtel's enquiry

    @Test
    void aLiveCollectionIsPushedToAirtelAndSettledFromItsEnquiry() throws Exception {
        answer("POST", "/merchant/v1/payments/", 200, collectionAnswer("DP00800001006"));
        ApiMerchant merchant = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of());
        Response created = merchant.api().post("/api/v1/collections", """
                {"amount": 2500, "currency": "TZS", "msisdn": "255688123450", "reference": "A-%s"}"""
                .formatted(RandomTokens.crockford(8)));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        assertThat(created.json().get("status").asText()).isEqualTo("PENDING");
        String reference = JSON.readTree(only(postRequestedFor(urlEqualTo("/merchant/v1/payments/")))
                .getBodyAsString()).at("/transaction/id").asText();
        answer("GET", "/standard/v1/payments/" + reference, 200, """
                {"data": {"transaction": {"airtel_money_id": "MP261126.1605.A00001", "id": "%s", "message": "success",
                 "status": "TS"}},
                 "status": {"code": "200", "message": "SUCCESS", "result_code": "ESB000010",
                 "response_code": "DP00800001001", "success": true}}""".formatted(reference));

        clock.advance(Duration.ofMinutes(3));
        template.sendBody("direct:payments-reconcile", null);

        ApiMerchant.awaitStatus(merchant.api(), "/api/v1/payments/" + created.json().get("id").asText(), "SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT provider_ref FROM payment WHERE reference = ?", String.class,
                reference)).isEqualTo("MP261126.1605.A00001");
    }

    @Test
    void aRepeatedCallbackSettlesOnceAndALateFailureDoesNotUndoTheSuccess() throws Exception {
        Live payment = liveCollection();
        String success = callback(payment.reference(), "TS", "MP261126.1605.A00002", "Paid TZS 2,500", true);

        // Signed with Airtel's hash: settled as it says, without asking.
        postCallback(success);
        ApiMerchant.awaitStatus(payment.api(), "/api/v1/payments/" + payment.id(), "SUCCEEDED");
        postCallback(success);
        // Out of order: a failure for the same transaction arrives after its success.
        postCallback(callback(payment.reference(), "TF", "MP261126.1605.A00002", "Transaction failed.", true));

        assertThat(payment.api().get("/api/v1/payments/" + payment.id()).json().get("status").asText())
                .isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT count(DISTINCT posting_id) FROM ledger_entry WHERE source_type = "
                + "'PAYMENT' AND source_id = ?::uuid", Integer.class, payment.id())).isEqualTo(1);
        assertThat(AIRTEL.findAll(getRequestedFor(urlEqualTo("/standard/v1/payments/" + payment.reference()))))
                .as("a verified hash needs no enquiry").isEmpty();
    }

    @Test
    void aCallbackWithoutAHashIsAHintMalipoSettlesFromAirtelsEnquiry() throws Exception {
        Live payment = liveCollection();
        // The callback says paid; Airtel's own enquiry says the payer refused.
        enquiryAnswers(payment.reference(), "TF", "", "DP00800001008");

        postCallback(callback(payment.reference(), "TS", "MP261126.1605.A00003", "Paid TZS 2,500", false));

        ApiMerchant.awaitStatus(payment.api(), "/api/v1/payments/" + payment.id(), "FAILED");
        assertThat(AIRTEL.findAll(getRequestedFor(urlEqualTo("/standard/v1/payments/" + payment.reference()))))
                .isNotEmpty();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM ledger_entry WHERE source_type = 'PAYMENT' AND "
                + "source_id = ?::uuid", Integer.class, payment.id())).isZero();
    }

    @Test
    void aCallbackWhoseHashDoesNotVerifySettlesNothingUntilAirtelsEnquirySays() throws Exception {
        Live payment = liveCollection();
        enquiryAnswers(payment.reference(), "TIP", "", "DP00800001006");
        String forged = callback(payment.reference(), "TS", "MP261126.1605.A00004", "Paid TZS 2,500", false)
                .replaceFirst("}$", ", \"hash\": \"" + Hmac.base64("not-the-key", "anything") + "\"}");

        postCallback(forged);

        Await.until("Malipo to ask Airtel", () -> !AIRTEL.findAll(getRequestedFor(urlEqualTo(
                "/standard/v1/payments/" + payment.reference()))).isEmpty());
        assertThat(payment.api().get("/api/v1/payments/" + payment.id()).json().get("status").asText())
                .isEqualTo("PENDING");

        // Once the enquiry says paid, the next check settles it, with Airtel's id.
        enquiryAnswers(payment.reference(), "TS", "MP261126.1605.A00004", "DP00800001001");
        clock.advance(Duration.ofMinutes(3));
        template.sendBody("direct:payments-reconcile", null);
        ApiMerchant.awaitStatus(payment.api(), "/api/v1/payments/" + payment.id(), "SUCCEEDED");
    }

    // --- helpers

    private record Live(String id, String reference, io.malipo.testsupport.Http api) {
    }

    /** A live collection from a verified merchant through the token API, pushed to the fake Airtel. */
    private Live liveCollection() throws Exception {
        answer("POST", "/merchant/v1/payments/", 200, collectionAnswer("DP00800001006"));
        ApiMerchant merchant = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of());
        Response created = merchant.api().post("/api/v1/collections", """
                {"amount": 2500, "currency": "TZS", "msisdn": "255688123450", "reference": "A-%s"}"""
                .formatted(RandomTokens.crockford(8)));
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String reference = JSON.readTree(AIRTEL.findAll(postRequestedFor(urlEqualTo("/merchant/v1/payments/")))
                .get(0).getBodyAsString()).at("/transaction/id").asText();
        return new Live(created.json().get("id").asText(), reference, merchant.api());
    }

    /** Airtel's callback body, with its hash when callback authentication is on. */
    private static String callback(String reference, String status, String airtelMoneyId, String message,
            boolean hashed) throws Exception {
        Map<String, Object> transaction = new LinkedHashMap<>();
        transaction.put("id", reference);
        transaction.put("message", message);
        transaction.put("status_code", status);
        transaction.put("airtel_money_id", airtelMoneyId == null ? "" : airtelMoneyId);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("transaction", transaction);
        if (hashed) {
            body.put("hash", Hmac.base64(CALLBACK_KEY, JSON.writeValueAsString(transaction)));
        }
        return JSON.writeValueAsString(body);
    }

    /** Airtel posts its callback as it is, and takes any 200 as received. */
    private Response postCallback(String body) throws Exception {
        Response answer = http.post("/v1/providers/" + PROVIDER + "/notify", body, "Content-Type", "application/json");
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        assertThat(JSON.readTree(answer.body()).at("/status/code").asText()).isEqualTo("200");
        return answer;
    }

    private void enquiryAnswers(String reference, String status, String airtelMoneyId, String responseCode) {
        answer("GET", "/standard/v1/payments/" + reference, 200, """
                {"data": {"transaction": {"airtel_money_id": "%s", "id": "%s", "message": "as Airtel words it",
                 "status": "%s"}},
                 "status": {"code": "200", "message": "SUCCESS", "result_code": "ESB000010", "response_code": "%s",
                 "success": true}}""".formatted(airtelMoneyId, reference, status, responseCode));
    }

    /** A collection of 1000.00 from an Airtel number, under a new reference. */
    private Exchange collect() {
        return call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP"), PaymentProperties.MSISDN,
                "255688123450"));
    }

    /** The canonical properties of a live-mode call, as Malipo sets them, then {@code properties} over them. */
    private Exchange call(String route, Map<String, Object> properties) {
        return template.send("direct:connector-airtel-money-" + route, exchange(properties));
    }

    private Exchange exchange(Map<String, Object> properties) {
        return ConnectorExchanges.canonical(camel, providers, PROVIDER, true, properties);
    }

    private Exchange notify(String body) {
        Exchange read = new DefaultExchange(camel);
        read.setProperty(PaymentProperties.PROVIDER, PROVIDER);
        read.getIn().setBody(body);
        return template.send("direct:connector-airtel-money-notify", read);
    }

    private static void token(String token) {
        AIRTEL.stubFor(post(urlEqualTo("/auth/oauth2/token")).willReturn(okJson("""
                {"access_token": "%s", "expires_in": "180", "token_type": "bearer"}""".formatted(token))));
    }

    private static void answer(String method, String path, int status, String body) {
        var request = method.equals("GET") ? get(urlEqualTo(path)) : post(urlEqualTo(path));
        AIRTEL.stubFor(request.willReturn(aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withBody(body)));
    }

    private static String collectionAnswer(String responseCode) {
        return """
                {"data": {"transaction": {"id": "ours", "status": "SUCCESS"}},
                 "status": {"code": "200", "message": "SUCCESS", "result_code": "ESB000010",
                 "response_code": "%s", "success": true}}""".formatted(responseCode);
    }

    private static String statusOnly(String responseCode, String resultCode) {
        return """
                {"status": {"code": "200", "message": "as Airtel words it", "result_code": "%s",%s
                 "success": %s}}""".formatted(resultCode, responseCode == null ? ""
                : " \"response_code\": \"" + responseCode + "\",", resultCode.equals("ESB000010"));
    }

    private static void assertAirtelHeaders(LoggedRequest request) {
        assertThat(request.getHeader("Authorization")).isEqualTo("Bearer tok-1");
        assertThat(request.getHeader("X-Country")).isEqualTo("TZ");
        assertThat(request.getHeader("X-Currency")).isEqualTo("TZS");
        // Malipo's own headers and properties never reach Airtel.
        assertThat(request.getHeaders().keys()).noneMatch(name -> name.toLowerCase().startsWith("malipo")
                || name.toLowerCase().startsWith("camel"));
    }

    private static LoggedRequest only(RequestPatternBuilder pattern) {
        List<LoggedRequest> found = AIRTEL.findAll(pattern);
        assertThat(found).hasSize(1);
        return found.get(0);
    }

    private static String outcome(Exchange exchange) {
        return exchange.getProperty(PaymentProperties.OUTCOME, String.class);
    }

    private static String reference(String prefix) {
        return prefix + RandomTokens.crockford(16);
    }
}
