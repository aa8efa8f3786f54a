package io.malipo.channels.contract;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.putRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.MappingBuilder;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.malipo.channels.PaymentProperties;
import io.malipo.channels.ProviderCrypto;
import io.malipo.channels.ProviderDirectory;
import io.malipo.channels.ProviderSessions;
import io.malipo.common.RandomTokens;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.math.BigDecimal;
import java.security.KeyPair;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * routes/providers/vodacom-openapi.yaml in live mode against a fake of Vodacom Tanzania's
 * M-Pesa OpenAPI (WireMock, not the sandbox): the exact requests the connector sends (paths with
 * their trailing slash, methods, headers, JSON fields, the API key and the session id encrypted
 * under the provider's public key), what it makes of every documented answer code and
 * transaction status, the result callback and its acknowledgement, and how it keeps, reuses and
 * refreshes the session.
 */
class VodacomContractIT extends PostgresIT {

    private static final WireMockServer VODACOM = new WireMockServer(options().dynamicPort());
    private static final KeyPair KEYS = ProviderCrypto.rsaKeyPair();
    private static final String API_KEY = "live-api-key-issued-by-vodacom";
    private static final String SESSION = "live-session-id-1";
    private static final String BASE = "/ipg/v2/vodacomTZN/";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String MSISDN = "255754123450";

    static {
        VODACOM.start();
    }

    @DynamicPropertySource
    static void liveVodacom(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.mpesa-live-url", VODACOM::baseUrl);
        registry.add("malipo.channels.providers.mpesa-tz.live-api-key", () -> API_KEY);
        registry.add("malipo.channels.providers.mpesa-tz.credentials.public-key",
                () -> Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded()));
        registry.add("malipo.connectors.vodacom-openapi.service-provider-code", () -> "171717");
        // Refusals and 401s are the point here: they must not open the provider's circuit.
        registry.add("malipo.channels.circuit-breaker.minimum-calls", () -> "1000");
    }

    @AfterAll
    static void stopVodacom() {
        VODACOM.stop();
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
    void freshProvider() {
        VODACOM.resetAll();
        Exchange live = liveExchange(Map.of());
        sessions.forget(live);
        VODACOM.stubFor(get(BASE + "getSession/").willReturn(json(200, Map.of("output_ResponseCode", "INS-0",
                "output_ResponseDesc", "Request processed successfully", "output_SessionID", SESSION))));
    }

    // --- the requests, exactly

    @Test
    void aCollectionGetsASessionWithTheEncryptedApiKeyThenPushesWithTheEncryptedSession() throws Exception {
        answer(post(BASE + "c2bPayment/singleStage/"), 201, "INS-0", "Request processed successfully");
        String reference = reference("MLP");

        Exchange sent = call("request", Map.of(PaymentProperties.REFERENCE, reference));

        assertThat(outcome(sent)).isEqualTo("ACCEPTED");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_REF)).isEqualTo("TX-" + reference);
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_SESSION)).as("the session stays in the cache").isNull();
        assertThat(sent.getMessage().getHeader("Authorization")).isNull();
        LoggedRequest session = only(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "getSession/"))));
        assertThat(decrypted(session)).isEqualTo(API_KEY);
        assertThat(session.getHeader("Origin")).isEqualTo("*");
        LoggedRequest push = only(VODACOM.findAll(postRequestedFor(urlPathEqualTo(BASE + "c2bPayment/singleStage/"))));
        assertThat(decrypted(push)).isEqualTo(SESSION);
        assertThat(push.getHeader("Origin")).isEqualTo("*");
        assertThat(push.getHeader("Content-Type")).startsWith("application/json");
        assertThat(push.getHeader("X-Malipo-Internal")).as("no internal header leaks").isNull();
        assertThat(JSON.readTree(push.getBodyAsString())).isEqualTo(JSON.readTree("""
                {"input_Amount": "2500.00", "input_Country": "TZN", "input_Currency": "TZS",
                 "input_CustomerMSISDN": "%s", "input_ServiceProviderCode": "171717",
                 "input_ThirdPartyConversationID": "%s", "input_TransactionReference": "%s",
                 "input_PurchasedItemsDesc": "%s"}""".formatted(MSISDN, reference, reference, reference)));
    }

    @Test
    void aPayoutPostsB2cWithTheEncryptedSession() throws Exception {
        answer(post(BASE + "b2cPayment/singleStage/"), 201, "INS-0", "Request processed successfully");
        String reference = reference("MLO");

        Exchange sent = call("payout", Map.of(PaymentProperties.REFERENCE, reference));

        assertThat(outcome(sent)).isEqualTo("ACCEPTED");
        LoggedRequest payout = only(VODACOM.findAll(postRequestedFor(urlPathEqualTo(BASE + "b2cPayment/singleStage/"))));
        assertThat(decrypted(payout)).isEqualTo(SESSION);
        assertThat(JSON.readTree(payout.getBodyAsString())).isEqualTo(JSON.readTree("""
                {"input_Amount": "2500.00", "input_Country": "TZN", "input_Currency": "TZS",
                 "input_CustomerMSISDN": "%s", "input_ServiceProviderCode": "171717",
                 "input_ThirdPartyConversationID": "%s", "input_TransactionReference": "%s",
                 "input_PaymentItemsDesc": "%s"}""".formatted(MSISDN, reference, reference, reference)));
    }

    @Test
    void aReversalPutsTheOriginalTransactionIdAndTheAmount() throws Exception {
        answer(put(BASE + "reversal/"), 201, "INS-0", "Request processed successfully");
        String reference = reference("MLR");

        Exchange sent = call("reversal", Map.of(PaymentProperties.REFERENCE, reference,
                PaymentProperties.AMOUNT, new BigDecimal("400.00"), PaymentProperties.ORIGINAL_PROVIDER_REF, "8XK1AB2C"));

        assertThat(outcome(sent)).isEqualTo("ACCEPTED");
        LoggedRequest reversal = only(VODACOM.findAll(putRequestedFor(urlPathEqualTo(BASE + "reversal/"))));
        assertThat(decrypted(reversal)).isEqualTo(SESSION);
        assertThat(JSON.readTree(reversal.getBodyAsString())).isEqualTo(JSON.readTree("""
                {"input_ReversalAmount": "400.00", "input_Country": "TZN", "input_ServiceProviderCode": "171717",
                 "input_ThirdPartyConversationID": "%s", "input_TransactionID": "8XK1AB2C"}""".formatted(reference)));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"COLLECTION", "PAYOUT", "REVERSAL"})
    void theStatusOfEveryKindIsOneQueryByMalipoReference(String kind) throws Exception {
        status("INS-0", "Completed");
        String reference = reference("MLX");

        Exchange asked = call("status", Map.of(PaymentProperties.REFERENCE, reference,
                PaymentProperties.TRANSACTION_KIND, kind));

        assertThat(outcome(asked)).isEqualTo("SUCCEEDED");
        LoggedRequest query = only(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "queryTransactionStatus/"))));
        assertThat(decrypted(query)).isEqualTo(SESSION);
        assertThat(query.getHeader("Origin")).isEqualTo("*");
        assertThat(query.queryParameter("input_QueryReference").firstValue()).isEqualTo(reference);
        assertThat(query.queryParameter("input_ServiceProviderCode").firstValue()).isEqualTo("171717");
        assertThat(query.queryParameter("input_Country").firstValue()).isEqualTo("TZN");
        assertThat(query.queryParameter("input_ThirdPartyConversationID").firstValue()).isNotBlank()
                .isNotEqualTo(reference);
    }

    // --- every documented answer code

    /** kind, HTTP status, output_ResponseCode → outcome, failure code. */
    static Stream<Arguments> answers() {
        return Stream.of(
                Arguments.of("request", 201, "INS-0", "ACCEPTED", null),
                Arguments.of("request", 422, "INS-2006", "DECLINED", "insufficient_funds"),
                Arguments.of("request", 401, "INS-5", "DECLINED", "declined"),
                Arguments.of("request", 401, "INS-6", "DECLINED", "declined"),
                Arguments.of("request", 400, "INS-2001", "DECLINED", "declined"),
                Arguments.of("request", 400, "INS-2051", "DECLINED", "declined"),
                Arguments.of("request", 400, "INS-996", "DECLINED", "declined"),
                Arguments.of("request", 400, "INS-13", "DECLINED", "declined"),
                Arguments.of("request", 400, "INS-15", "DECLINED", "declined"),
                Arguments.of("request", 400, "INS-21", "DECLINED", "declined"),
                Arguments.of("request", 408, "INS-9", "PENDING", null),
                Arguments.of("request", 409, "INS-10", "PENDING", null),
                Arguments.of("request", 500, "INS-1", "PENDING", null),
                Arguments.of("request", 503, "INS-16", "PENDING", null),
                Arguments.of("request", 400, "INS-23", "PENDING", null),
                Arguments.of("request", 400, "INS-4242", "PENDING", null),
                Arguments.of("payout", 201, "INS-0", "ACCEPTED", null),
                Arguments.of("payout", 422, "INS-2006", "DECLINED", "insufficient_funds"),
                Arguments.of("payout", 400, "INS-2002", "DECLINED", "recipient_rejected"),
                Arguments.of("payout", 400, "INS-2051", "DECLINED", "recipient_rejected"),
                Arguments.of("payout", 400, "INS-996", "DECLINED", "recipient_rejected"),
                Arguments.of("payout", 400, "INS-15", "DECLINED", "limit_exceeded"),
                Arguments.of("payout", 400, "INS-2005", "DECLINED", "limit_exceeded"),
                Arguments.of("payout", 400, "INS-13", "DECLINED", "declined"),
                Arguments.of("payout", 408, "INS-9", "PENDING", null),
                Arguments.of("payout", 409, "INS-10", "PENDING", null),
                Arguments.of("payout", 500, "INS-1", "PENDING", null),
                Arguments.of("reversal", 201, "INS-0", "ACCEPTED", null),
                Arguments.of("reversal", 422, "INS-2006", "DECLINED", "insufficient_funds"),
                Arguments.of("reversal", 400, "INS-15", "DECLINED", "reversal_refused"),
                Arguments.of("reversal", 400, "INS-18", "DECLINED", "reversal_refused"),
                Arguments.of("reversal", 400, "INS-997", "DECLINED", "reversal_refused"),
                Arguments.of("reversal", 401, "INS-6", "DECLINED", "reversal_refused"),
                Arguments.of("reversal", 408, "INS-9", "PENDING", null),
                Arguments.of("reversal", 409, "INS-10", "PENDING", null));
    }

    @ParameterizedTest(name = "{0}: HTTP {1} {2} → {3} {4}")
    @MethodSource("answers")
    void eachAnswerCodeMeansItsOutcome(String route, int status, String code, String outcome, String failureCode) {
        MappingBuilder call = switch (route) {
            case "request" -> post(BASE + "c2bPayment/singleStage/");
            case "payout" -> post(BASE + "b2cPayment/singleStage/");
            default -> put(BASE + "reversal/");
        };
        answer(call, status, code, "as documented");

        Exchange sent = call(route, Map.of(PaymentProperties.REFERENCE, reference("MLX"),
                PaymentProperties.ORIGINAL_PROVIDER_REF, "8XK1AB2C"));

        assertThat(outcome(sent)).as(sent.getProperties().toString()).isEqualTo(outcome);
        assertThat(sent.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
        if (failureCode != null) {
            assertThat(sent.getProperty(PaymentProperties.FAILURE_MESSAGE)).isEqualTo("as documented");
        }
    }

    @Test
    void aGatewayPageInsteadOfAnAnswerLeavesTheCollectionPendingAndCountsAgainstTheProvider() {
        VODACOM.stubFor(post(BASE + "c2bPayment/singleStage/").willReturn(aResponse().withStatus(502)
                .withHeader("Content-Type", "text/html").withBody("<html>Bad Gateway</html>")));

        Exchange sent = call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP")));

        assertThat(outcome(sent)).isEqualTo("PENDING");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
    }

    /** COLLECTION, PAYOUT or REVERSAL; output_ResponseCode and output_ResponseTransactionStatus → outcome, failure code. */
    @ParameterizedTest(name = "{0}: {1} {2} → {3}")
    @CsvSource({"COLLECTION, INS-0, Completed, SUCCEEDED,", "COLLECTION, INS-0, Cancelled, FAILED, declined",
            "COLLECTION, INS-0, Expired, FAILED, declined", "COLLECTION, INS-0, Failed, FAILED, declined",
            "COLLECTION, INS-0, N/A, PENDING,", "COLLECTION, INS-0, Pending, PENDING,",
            "COLLECTION, INS-9, Completed, PENDING,", "COLLECTION, INS-1, , PENDING,",
            "PAYOUT, INS-0, Completed, SUCCEEDED,", "PAYOUT, INS-0, Failed, FAILED, recipient_rejected",
            "PAYOUT, INS-0, N/A, PENDING,", "REVERSAL, INS-0, Completed, SUCCEEDED,",
            "REVERSAL, INS-0, Failed, FAILED, reversal_refused", "REVERSAL, INS-23, , PENDING,"})
    void eachTransactionStatusMeansItsOutcome(String kind, String code, String status, String outcome,
            String failureCode) {
        status(code, status);

        Exchange asked = call("status", Map.of(PaymentProperties.REFERENCE, reference("MLX"),
                PaymentProperties.TRANSACTION_KIND, kind));

        assertThat(outcome(asked)).isEqualTo(outcome);
        assertThat(asked.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
    }

    // --- the session: kept, reused, refreshed on 401

    @Test
    void severalCallsShareOneSession() {
        answer(post(BASE + "c2bPayment/singleStage/"), 201, "INS-0", "Request processed successfully");
        answer(post(BASE + "b2cPayment/singleStage/"), 201, "INS-0", "Request processed successfully");
        status("INS-0", "Completed");

        for (int i = 0; i < 3; i++) {
            assertThat(outcome(call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP")))))
                    .isEqualTo("ACCEPTED");
        }
        assertThat(outcome(call("payout", Map.of(PaymentProperties.REFERENCE, reference("MLO"))))).isEqualTo("ACCEPTED");
        assertThat(outcome(call("status", Map.of(PaymentProperties.REFERENCE, reference("MLP"))))).isEqualTo("SUCCEEDED");

        assertThat(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "getSession/")))).hasSize(1);
    }

    @Test
    void aSessionRefusedWith401IsForgottenAndTheCallSentOnceMoreWithANewOne() {
        answer(post(BASE + "c2bPayment/singleStage/"), 201, "INS-0", "Request processed successfully");
        call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP")));
        VODACOM.resetRequests();
        VODACOM.stubFor(post(BASE + "c2bPayment/singleStage/").inScenario("expired").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(json(401, Map.of("output_ResponseCode", "INS-2", "output_ResponseDesc", "Invalid API Key")))
                .willSetStateTo("refused"));
        VODACOM.stubFor(post(BASE + "c2bPayment/singleStage/").inScenario("expired").whenScenarioStateIs("refused")
                .willReturn(json(201, accepted("INS-0", "Request processed successfully", "MLP-again"))));

        Exchange sent = call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP")));

        assertThat(outcome(sent)).isEqualTo("ACCEPTED");
        assertThat(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "getSession/")))).hasSize(1);
        assertThat(VODACOM.findAll(postRequestedFor(urlPathEqualTo(BASE + "c2bPayment/singleStage/")))).hasSize(2);
        // The new session is kept for the next call.
        call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP")));
        assertThat(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "getSession/")))).hasSize(1);
    }

    @Test
    void aCallRefusedWith401TwiceIsPendingNotFailed() {
        VODACOM.stubFor(post(BASE + "c2bPayment/singleStage/").willReturn(json(401, Map.of("output_ResponseCode",
                "INS-2", "output_ResponseDesc", "Invalid API Key"))));

        Exchange sent = call("request", Map.of(PaymentProperties.REFERENCE, reference("MLP")));

        assertThat(outcome(sent)).isEqualTo("PENDING");
        assertThat(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "getSession/")))).hasSize(2);
        assertThat(VODACOM.findAll(postRequestedFor(urlPathEqualTo(BASE + "c2bPayment/singleStage/")))).hasSize(2);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"request, UNAVAILABLE", "payout, UNAVAILABLE", "reversal, UNAVAILABLE", "status, PENDING"})
    void noSessionMeansNothingWasSent(String route, String outcome) {
        VODACOM.stubFor(get(BASE + "getSession/").willReturn(json(401, Map.of("output_ResponseCode", "INS-2",
                "output_ResponseDesc", "Invalid API Key"))));

        Exchange sent = call(route, Map.of(PaymentProperties.REFERENCE, reference("MLX"),
                PaymentProperties.ORIGINAL_PROVIDER_REF, "8XK1AB2C"));

        assertThat(outcome(sent)).isEqualTo(outcome);
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
        assertThat(VODACOM.getAllServeEvents()).as("only the session was asked").hasSize(1);
    }

    // --- the result callback

    /** The callback as Vodacom sends it: result code → outcome, failure code. */
    @ParameterizedTest(name = "{0} {1} → {2}")
    @CsvSource({"MLP, INS-0, SUCCEEDED,", "MLP, INS-5, FAILED, declined", "MLP, INS-2001, FAILED, declined",
            "MLP, INS-2006, FAILED, insufficient_funds", "MLP, INS-9, PENDING,", "MLP, INS-10, PENDING,",
            "MLP, INS-1, PENDING,", "MLO, INS-2002, FAILED, recipient_rejected", "MLO, INS-2005, FAILED, limit_exceeded",
            "MLR, INS-6, FAILED, reversal_refused", "MLR, INS-0, SUCCEEDED,"})
    void theCallbackIsReadIntoWhatItClaimsAndAcknowledgedInVodacomsFormat(String prefix, String code, String outcome,
            String failureCode) throws Exception {
        String reference = reference(prefix);
        Exchange read = new DefaultExchange(camel);
        read.setProperty(PaymentProperties.PROVIDER, "mpesa-tz");
        read.getIn().setBody(callback(reference, "8XK1AB2C", code));

        template.send("direct:connector-vodacom-openapi-notify", read);

        assertThat(read.getException()).isNull();
        assertThat(outcome(read)).isEqualTo(outcome);
        assertThat(read.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
        assertThat(read.getProperty(PaymentProperties.REFERENCE)).isEqualTo(reference);
        assertThat(read.getProperty(PaymentProperties.PROVIDER_REF)).isEqualTo("8XK1AB2C");
        assertThat(read.getProperty(PaymentProperties.EVENT_KEY)).isEqualTo(reference + ":" + code);
        assertThat(read.getProperty("malipoNotifySignature")).as("Vodacom does not sign").isNull();
        assertThat(JSON.readTree(read.getProperty("malipoNotifyReply", String.class))).isEqualTo(JSON.readTree("""
                {"output_OriginalConversationID": "AG_20261126_0001", "output_ResponseCode": "0",
                 "output_ResponseDesc": "Successfully Accepted Result",
                 "output_ThirdPartyConversationID": "%s"}""".formatted(reference)));
    }

    @Test
    void anAcknowledgementEchoesOnlyTheCharactersAnIdHas() throws Exception {
        Exchange read = new DefaultExchange(camel);
        read.setProperty(PaymentProperties.PROVIDER, "mpesa-tz");
        read.getIn().setBody("""
                {"input_OriginalConversationID": "AG_1\\", \\"x\\": \\"y", "input_ThirdPartyConversationID": "MLP1",
                 "input_TransactionID": "T1", "input_ResultCode": "INS-0", "input_ResultDesc": "ok"}""");

        template.send("direct:connector-vodacom-openapi-notify", read);

        JsonNode reply = JSON.readTree(read.getProperty("malipoNotifyReply", String.class));
        assertThat(reply.get("output_OriginalConversationID").asText()).isEqualTo("AG_1x:y");
        assertThat(reply.size()).isEqualTo(4);
    }

    // --- a live payment through the token API, end to end

    @Test
    void anUnsignedCallbackOnlyMakesMalipoAskTheStatusAndSettleFromItsAnswer() throws Exception {
        answer(post(BASE + "c2bPayment/singleStage/"), 201, "INS-0", "Request processed successfully");
        Http api = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of()).api();

        Response created = api.post("/api/v1/collections", "{\"amount\": 15000, \"currency\": \"TZS\", \"msisdn\": \""
                + MSISDN + "\", \"reference\": \"C-" + UUID.randomUUID().toString().substring(0, 8) + "\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String id = created.json().get("id").asText();
        LoggedRequest push = only(VODACOM.findAll(postRequestedFor(urlPathEqualTo(BASE + "c2bPayment/singleStage/"))));
        String reference = readTree(push.getBodyAsString()).get("input_ThirdPartyConversationID").asText();
        assertThat(readTree(push.getBodyAsString()).get("input_Amount").asText()).isEqualTo("15000.00");

        // It claims success; M-Pesa's status operation does not know yet: nothing changes.
        status("INS-0", "Pending");
        String paid = callback(reference, "TX-" + reference, "INS-0");
        Response acknowledged = notify(paid);
        assertThat(acknowledged.status()).isEqualTo(200);
        assertThat(acknowledged.json()).isEqualTo(JSON.readTree("""
                {"output_OriginalConversationID": "AG_20261126_0001", "output_ResponseCode": "0",
                 "output_ResponseDesc": "Successfully Accepted Result", "output_ThirdPartyConversationID": "%s"}"""
                .formatted(reference)));
        assertThat(queries(reference)).isEqualTo(1);
        assertThat(api.get("/api/v1/payments/" + id).json().get("status").asText()).isEqualTo("PENDING");

        // The same body again is dropped before anyone is asked.
        assertThat(notify(paid).status()).isEqualTo(200);
        assertThat(queries(reference)).isEqualTo(1);

        // Out of order: a failure claimed after M-Pesa completed it. The status answer settles it.
        status("INS-0", "Completed");
        assertThat(notify(callback(reference, "TX-" + reference, "INS-2006")).status()).isEqualTo(200);
        assertThat(queries(reference)).isEqualTo(2);
        ApiMerchant.awaitStatus(api, "/api/v1/payments/" + id, "SUCCEEDED");

        // A late report, whatever it claims, changes nothing more.
        assertThat(notify(callback(reference, "TX-" + reference, "INS-6")).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/payments/" + id).json().get("status").asText()).isEqualTo("SUCCEEDED");
        assertThat(jdbc.queryForObject("SELECT count(DISTINCT posting_id) FROM ledger_entry WHERE source_id = ?",
                Integer.class, UUID.fromString(id))).isEqualTo(1);
        assertThat(VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "getSession/")))).hasSize(1);
    }

    @Test
    void anUnsignedCallbackThatMatchesNoPaymentIsAcknowledgedAndAsksNothing() throws Exception {
        Response acknowledged = notify(callback(reference("MLP"), "TX-GUESSED", "INS-0"));

        assertThat(acknowledged.status()).isEqualTo(200);
        assertThat(acknowledged.json().get("output_ResponseCode").asText()).isEqualTo("0");
        assertThat(VODACOM.getAllServeEvents()).isEmpty();
    }

    // --- helpers

    /** A callback as Vodacom sends it: unsigned. */
    private Response notify(String body) {
        return http.post("/v1/providers/mpesa-tz/notify", body, "Content-Type", "application/json");
    }

    /** How many times Malipo asked M-Pesa about {@code reference}. */
    private static int queries(String reference) {
        return VODACOM.findAll(getRequestedFor(urlPathEqualTo(BASE + "queryTransactionStatus/"))
                .withQueryParam("input_QueryReference", equalTo(reference))).size();
    }

    /** Live-mode properties of routes/README.md for mpesa-tz, then {@code properties} over them. */
    private Exchange liveExchange(Map<String, Object> properties) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(PaymentProperties.PROVIDER, "mpesa-tz");
        exchange.setProperty(PaymentProperties.LIVEMODE, true);
        exchange.setProperty(PaymentProperties.PROVIDER_URL, providers.baseUrl("mpesa-tz", true));
        exchange.setProperty(PaymentProperties.PROVIDER_API_KEY, providers.apiKey("mpesa-tz", true));
        exchange.setProperty(PaymentProperties.PROVIDER_CREDENTIALS, providers.credentials("mpesa-tz", true));
        exchange.setProperty(PaymentProperties.NOTIFY_URL, providers.notifyUrl("mpesa-tz", true));
        exchange.setProperty(PaymentProperties.AMOUNT, new BigDecimal("2500.00"));
        exchange.setProperty(PaymentProperties.CURRENCY, "TZS");
        exchange.setProperty(PaymentProperties.MSISDN, MSISDN);
        properties.forEach(exchange::setProperty);
        // A header of Malipo's own, as a route upstream may leave one: it must not reach the provider.
        exchange.getIn().setHeader("X-Malipo-Internal", "not for the provider");
        return exchange;
    }

    private Exchange call(String route, Map<String, Object> properties) {
        return template.send("direct:connector-vodacom-openapi-" + route, liveExchange(properties));
    }

    /** Every call of this kind answers {@code code}, naming its transaction after the reference it was sent. */
    private static void answer(MappingBuilder call, int status, String code, String description) {
        VODACOM.stubFor(call.willReturn(aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                .withBody("""
                        {"output_ResponseCode": "%s", "output_ResponseDesc": "%s",
                         "output_TransactionID": "TX-{{jsonPath request.body '$.input_ThirdPartyConversationID'}}",
                         "output_ConversationID": "AG_20261126_0001",
                         "output_ThirdPartyConversationID": "{{jsonPath request.body '$.input_ThirdPartyConversationID'}}"}"""
                        .formatted(code, description)).withTransformers("response-template")));
    }

    private static void status(String code, String status) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("output_ResponseCode", code);
        answer.put("output_ResponseDesc", "as documented");
        answer.put("output_ConversationID", "AG_20261126_0002");
        answer.put("output_ThirdPartyConversationID", "Q1");
        if (status != null) {
            answer.put("output_ResponseTransactionStatus", status);
        }
        VODACOM.stubFor(get(urlPathEqualTo(BASE + "queryTransactionStatus/"))
                .withQueryParam("input_ServiceProviderCode", equalTo("171717"))
                .willReturn(json(200, answer)));
    }

    private static Map<String, Object> accepted(String code, String description, String reference) {
        return Map.of("output_ResponseCode", code, "output_ResponseDesc", description,
                "output_TransactionID", "TX-" + reference, "output_ConversationID", "AG_20261126_0001",
                "output_ThirdPartyConversationID", reference);
    }

    private static com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder json(int status,
            Map<String, Object> body) {
        try {
            return aResponse().withStatus(status).withHeader("Content-Type", "application/json")
                    .withBody(JSON.writeValueAsString(body));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String callback(String reference, String transaction, String code) {
        return """
                {"input_OriginalConversationID": "AG_20261126_0001", "input_TransactionID": "%s",
                 "input_ResultCode": "%s", "input_ResultDesc": "as documented",
                 "input_ThirdPartyConversationID": "%s"}""".formatted(transaction, code, reference);
    }

    /** What the Authorization header carried, decrypted with the fake provider's private key. */
    private static String decrypted(LoggedRequest request) throws Exception {
        String authorization = request.getHeader("Authorization");
        assertThat(authorization).startsWith("Bearer ");
        return ProviderCrypto.decrypt(KEYS.getPrivate(), authorization.substring("Bearer ".length()));
    }

    private static LoggedRequest only(List<LoggedRequest> requests) {
        assertThat(requests).hasSize(1);
        return requests.get(0);
    }

    private static JsonNode readTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String outcome(Exchange exchange) {
        return exchange.getProperty(PaymentProperties.OUTCOME, String.class);
    }

    private static String reference(String prefix) {
        return prefix + RandomTokens.crockford(16);
    }
}
