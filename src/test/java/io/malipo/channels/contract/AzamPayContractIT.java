package io.malipo.channels.contract;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.getRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import io.malipo.channels.PaymentProperties;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.List;
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
 * routes/providers/azampay.yaml in live mode against a fake of AzamPay's three hosts (token,
 * checkout, disbursement/status), one WireMock server under three path prefixes: the exact
 * requests Malipo sends, what it makes of each documented answer, the token's reuse and refresh,
 * and AzamPay's unsigned callback, which only makes Malipo ask the status query. HaloPesa numbers
 * (25562…) go through AzamPay.
 */
class AzamPayContractIT extends PostgresIT {

    private static final WireMockServer AZAMPAY = new WireMockServer(options().dynamicPort());
    private static final String TOKEN_PATH = "/authenticator/AppRegistration/GenerateToken";
    private static final String CHECKOUT_PATH = "/checkout/azampay/mno/checkout";
    private static final String STATUS_PATH = "/disbursement/api/v1/azampay/transactionstatus";
    private static final String API_KEY = "live-api-key-of-azampay";
    private static final String MSISDN = "255620000010";
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        AZAMPAY.start();
    }

    @DynamicPropertySource
    static void liveAzamPay(DynamicPropertyRegistry registry) {
        registry.add("malipo.channels.providers.halopesa-tz.live-url", () -> AZAMPAY.baseUrl() + "/checkout");
        registry.add("malipo.channels.providers.halopesa-tz.live-api-key", () -> API_KEY);
        registry.add("malipo.channels.providers.halopesa-tz.credentials.client-id", () -> "client-id-of-malipo");
        registry.add("malipo.channels.providers.halopesa-tz.credentials.client-secret", () -> "client-secret-of-malipo");
        registry.add("malipo.connectors.azampay.auth-url", () -> AZAMPAY.baseUrl() + "/authenticator");
        registry.add("malipo.connectors.azampay.disbursement-url", () -> AZAMPAY.baseUrl() + "/disbursement");
        registry.add("malipo.channels.circuit-breaker.minimum-calls", () -> "1000");
    }

    @AfterAll
    static void stopAzamPay() {
        AZAMPAY.stop();
    }

    @Autowired
    CamelContext camel;
    @Autowired
    ProducerTemplate template;

    private Http api;

    @BeforeEach
    void liveMerchantAndAFreshAzamPay() {
        AZAMPAY.resetAll();
        // No token kept from another test: each counts its own.
        DefaultExchange live = new DefaultExchange(camel);
        live.setProperty(PaymentProperties.PROVIDER, "halopesa-tz");
        live.setProperty(PaymentProperties.LIVEMODE, true);
        template.send("bean:providerSessions?method=forget", live);
        AZAMPAY.stubFor(post(urlEqualTo(TOKEN_PATH)).willReturn(okJson("""
                {"data": {"accessToken": "token-1", "expire": "2026-11-26T18:00:00Z"},
                 "message": "Token generated successfully", "success": true, "statusCode": 200}""")));
        api = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of()).api();
    }

    @Test
    void aCollectionAsksForATokenThenPushesTheCheckoutAzamPayDocuments() throws Exception {
        acceptCheckouts();

        Response created = collect("AZ-REQ-1");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String reference = reference(created);
        List<LoggedRequest> tokens = AZAMPAY.findAll(postRequestedFor(urlEqualTo(TOKEN_PATH)));
        assertThat(tokens).hasSize(1);
        assertThat(tokens.get(0).getHeader("Content-Type")).startsWith("application/json");
        assertThat(JSON.readTree(tokens.get(0).getBodyAsString())).isEqualTo(JSON.readTree("""
                {"appName": "Malipo", "clientId": "client-id-of-malipo", "clientSecret": "client-secret-of-malipo"}"""));
        List<LoggedRequest> pushes = AZAMPAY.findAll(postRequestedFor(urlEqualTo(CHECKOUT_PATH)));
        assertThat(pushes).hasSize(1);
        LoggedRequest push = pushes.get(0);
        assertThat(push.getHeader("Authorization")).isEqualTo("Bearer token-1");
        assertThat(push.getHeader("X-API-Key")).isEqualTo(API_KEY);
        assertThat(push.getHeader("Content-Type")).startsWith("application/json");
        assertThat(JSON.readTree(push.getBodyAsString())).isEqualTo(JSON.readTree("""
                {"accountNumber": "%s", "amount": "15000", "currency": "TZS", "externalId": "%s",
                 "provider": "Halopesa", "additionalProperties": {"reference": "%s"}}"""
                .formatted(MSISDN, reference, reference)));
        assertThat(jdbc.queryForObject("SELECT provider_ref FROM payment WHERE reference = ?", String.class, reference))
                .isEqualTo("AZ-TX-1");
    }

    /** AzamPay's answer to a checkout → the payment's status just after it. */
    @ParameterizedTest(name = "HTTP {0} {1} → {2}")
    @CsvSource(delimiter = '|', value = {
            "200 | {\"success\": true, \"transactionId\": \"AZ-TX-1\", \"message\": \"Request in progress\"} | PENDING",
            "200 | {\"success\": false, \"transactionId\": null, \"message\": \"Invalid msisdn\"} | FAILED",
            "400 | {\"success\": false, \"transactionId\": null, \"message\": \"Invalid provider\"} | FAILED",
            "200 | {\"success\": false, \"message\": \"Duplicate externalId\"} | PENDING",
            "500 | {\"success\": false, \"message\": \"Internal server error\"} | PENDING",
            "502 | <html>Bad gateway</html> | PENDING",
            "503 | {\"success\": false, \"message\": \"Service unavailable\"} | PENDING",
            "401 | {\"success\": false, \"message\": \"Please Provide Valid Authorization\"} | PENDING",
            "200 | {\"message\": \"something else\"} | PENDING"})
    void eachCheckoutAnswerIsReadAsAzamPayMeansIt(int status, String body, String paymentStatus) {
        AZAMPAY.stubFor(post(urlEqualTo(CHECKOUT_PATH)).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", body.startsWith("{") ? "application/json" : "text/html").withBody(body)));

        Response created = collect("AZ-ANS-" + status + "-" + Math.abs(body.hashCode()));

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        String reference = reference(created);
        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE reference = ?", String.class, reference))
                .isEqualTo(paymentStatus);
        if (paymentStatus.equals("FAILED")) {
            assertThat(jdbc.queryForObject("SELECT failure_code FROM payment WHERE reference = ?", String.class,
                    reference)).isEqualTo("declined");
        }
    }

    @Test
    void oneTokenServesSeveralPaymentsAndA401FetchesAnotherAndSendsOnceMore() {
        acceptCheckouts();
        collect("AZ-TOK-1");
        collect("AZ-TOK-2");
        collect("AZ-TOK-3");
        AZAMPAY.verify(1, postRequestedFor(urlEqualTo(TOKEN_PATH)));
        AZAMPAY.verify(3, postRequestedFor(urlEqualTo(CHECKOUT_PATH)));

        // AzamPay stops taking token-1; the next token is token-2.
        AZAMPAY.stubFor(post(urlEqualTo(TOKEN_PATH)).willReturn(okJson("""
                {"data": {"accessToken": "token-2", "expire": "2026-11-26T19:00:00Z"}, "success": true}""")));
        AZAMPAY.stubFor(post(urlEqualTo(CHECKOUT_PATH)).withHeader("Authorization", equalTo("Bearer token-1"))
                .willReturn(aResponse().withStatus(401).withBody("")));
        Response refreshed = collect("AZ-TOK-4");

        assertThat(refreshed.status()).as(refreshed.body()).isEqualTo(201);
        AZAMPAY.verify(2, postRequestedFor(urlEqualTo(TOKEN_PATH)));
        AZAMPAY.verify(1, postRequestedFor(urlEqualTo(CHECKOUT_PATH)).withHeader("Authorization",
                equalTo("Bearer token-2")));
        assertThat(jdbc.queryForObject("SELECT provider_ref FROM payment WHERE reference = ?", String.class,
                reference(refreshed))).isEqualTo("AZ-TX-1");
    }

    @Test
    void noTokenMeansNothingWasSentAndTheMerchantIsToldToRetry() {
        AZAMPAY.stubFor(post(urlEqualTo(TOKEN_PATH)).willReturn(aResponse().withStatus(423).withHeader("Content-Type",
                "application/json").withBody("{\"data\": null, \"message\": \"Invalid client\", \"success\": false}")));

        Response created = collect("AZ-NOTOKEN");

        AZAMPAY.verify(0, postRequestedFor(urlEqualTo(CHECKOUT_PATH)));
        assertThat(created.status()).as(created.body()).isEqualTo(503);
        assertThat(created.json().get("code").asText()).isEqualTo("provider_unavailable");
    }

    /** AzamPay's transaction status → the payment's status after reconciliation asks. */
    @ParameterizedTest(name = "{0} {1} → {2}")
    @CsvSource(delimiter = '|', value = {
            "200 | {\"data\": \"success\", \"message\": \"Transaction successful\", \"success\": true, \"statusCode\": 200} | SUCCEEDED",
            "200 | {\"data\": \"SUCCESSFUL\", \"message\": \"\", \"success\": true, \"statusCode\": 200} | SUCCEEDED",
            "200 | {\"data\": \"failure\", \"message\": \"Payer cancelled\", \"success\": true, \"statusCode\": 200} | FAILED",
            "200 | {\"data\": \"pending\", \"message\": \"\", \"success\": true, \"statusCode\": 200} | PENDING",
            "404 | {\"data\": null, \"message\": \"Transaction not found\", \"success\": false, \"statusCode\": 404} | PENDING",
            "500 | {\"data\": \"success\", \"success\": false} | PENDING"})
    void theStatusQueryAsksTheDisbursementHostByAzamPaysTransactionIdAndSettlesFromItsAnswer(int status, String body,
            String paymentStatus) {
        acceptCheckouts();
        AZAMPAY.stubFor(get(urlPathEqualTo(STATUS_PATH)).willReturn(aResponse().withStatus(status)
                .withHeader("Content-Type", "application/json").withBody(body)));
        String reference = reference(collect("AZ-ST-" + Math.abs(body.hashCode())));

        clock.advance(Duration.ofMinutes(3));
        template.sendBody("direct:payments-reconcile", null);

        List<LoggedRequest> queries = AZAMPAY.findAll(getRequestedFor(urlPathEqualTo(STATUS_PATH)));
        assertThat(queries).isNotEmpty();
        LoggedRequest query = queries.get(queries.size() - 1);
        assertThat(query.queryParameter("pgReferenceId").firstValue()).isEqualTo("AZ-TX-1");
        assertThat(query.queryParameter("bankName").firstValue()).isEqualTo("Halopesa");
        assertThat(query.getHeader("Authorization")).isEqualTo("Bearer token-1");
        assertThat(query.getHeader("X-API-Key")).isEqualTo(API_KEY);
        assertThat(jdbc.queryForObject("SELECT status FROM payment WHERE reference = ?", String.class, reference))
                .isEqualTo(paymentStatus);
    }

    // --- AzamPay's callback: unsigned, so a hint that makes Malipo ask the status query

    @Test
    void anUnsignedCallbackIsAcknowledgedAndSettlesOnlyFromTheStatusQueryItCauses() {
        acceptCheckouts();
        answerStatus("pending");
        String reference = reference(collect("AZ-CB-1"));

        Response claimed = notify(callback(reference, "success", "Transaction successful"));

        assertThat(claimed.status()).as(claimed.body()).isEqualTo(200);
        assertThat(claimed.json().get("success").asBoolean()).isTrue();
        Await.until("the status query the callback caused", () -> statusQueries() == 1);
        assertThat(status(reference)).as("AzamPay's status still says pending").isEqualTo("PENDING");

        answerStatus("success");
        Response again = notify(callback(reference, "success", "Transaction successful."));
        assertThat(again.status()).as(again.body()).isEqualTo(200);
        Await.until("the payment to settle from the status query", () -> status(reference).equals("SUCCEEDED"));
        assertThat(statusQueries()).isEqualTo(2);
    }

    @Test
    void aRepeatedCallbackChangesNothingAndAsksNothing() {
        acceptCheckouts();
        answerStatus("success");
        String reference = reference(collect("AZ-CB-2"));
        String body = callback(reference, "success", "Transaction successful");

        assertThat(notify(body).status()).isEqualTo(200);
        Await.until("the payment to settle", () -> status(reference).equals("SUCCEEDED"));
        Response repeated = notify(body);

        assertThat(repeated.status()).as(repeated.body()).isEqualTo(200);
        assertThat(statusQueries()).isEqualTo(1);
        assertThat(status(reference)).isEqualTo("SUCCEEDED");
    }

    @Test
    void aFailureCallbackAfterTheSuccessLeavesThePaymentAsTheStatusQuerySaysIt() {
        acceptCheckouts();
        answerStatus("success");
        String reference = reference(collect("AZ-CB-3"));
        assertThat(notify(callback(reference, "success", "Transaction successful")).status()).isEqualTo(200);
        Await.until("the payment to settle", () -> status(reference).equals("SUCCEEDED"));

        Response late = notify(callback(reference, "failure", "Payer cancelled"));

        assertThat(late.status()).as(late.body()).isEqualTo(200);
        Await.until("the status query the late callback caused", () -> statusQueries() >= 2);
        assertThat(status(reference)).isEqualTo("SUCCEEDED");
    }

    @Test
    void aCallbackArrivingBeforeTheCheckoutsOwnAnswerSettlesOnceFromTheStatusQuery() throws Exception {
        // AzamPay answers the push slowly; the payer approves and its callback comes first.
        AZAMPAY.stubFor(post(urlEqualTo(CHECKOUT_PATH)).willReturn(okJson("""
                {"success": true, "transactionId": "AZ-TX-1", "message": "Request in progress"}""")
                .withFixedDelay(1500)));
        answerStatus("success");
        CompletableFuture<Response> created = CompletableFuture.supplyAsync(() -> collect("AZ-CB-4"));
        Await.until("the payment to be stored before its push is answered", () -> jdbc.queryForObject(
                "SELECT count(*) FROM payment WHERE merchant_reference = 'AZ-CB-4'", Integer.class) == 1);
        String reference = jdbc.queryForObject("SELECT reference FROM payment WHERE merchant_reference = 'AZ-CB-4'",
                String.class);

        Response early = notify(callback(reference, "success", "Transaction successful"));

        assertThat(early.status()).as(early.body()).isEqualTo(200);
        assertThat(created.get(10, TimeUnit.SECONDS).status()).isEqualTo(201);
        Await.until("the payment to settle", () -> status(reference).equals("SUCCEEDED"));
        assertThat(jdbc.queryForObject("SELECT count(DISTINCT e.posting_id) FROM ledger_entry e JOIN payment p "
                + "ON p.id = e.source_id WHERE p.reference = ?", Integer.class, reference))
                .as("one posting, whatever came first").isEqualTo(1);
        assertThat(jdbc.queryForObject("SELECT provider_ref FROM payment WHERE reference = ?", String.class, reference))
                .isEqualTo("AZ-TX-1");
    }

    private static void answerStatus(String data) {
        AZAMPAY.stubFor(get(urlPathEqualTo(STATUS_PATH)).willReturn(okJson("""
                {"data": "%s", "message": "", "success": true, "statusCode": 200}""".formatted(data))));
    }

    private static int statusQueries() {
        return AZAMPAY.findAll(getRequestedFor(urlPathEqualTo(STATUS_PATH))).size();
    }

    private String status(String reference) {
        return jdbc.queryForObject("SELECT status FROM payment WHERE reference = ?", String.class, reference);
    }

    private Response notify(String body) {
        return http.post("/v1/providers/halopesa-tz/notify", body, "Content-Type", "application/json");
    }

    /** AzamPay's callback, as its documentation shows it. */
    private static String callback(String reference, String status, String message) {
        return """
                {"msisdn": "%s", "amount": "15000", "message": "%s", "utilityref": "%s", "operator": "Halopesa",
                 "reference": "AZ-TX-1", "transactionstatus": "%s", "submerchantAcc": null,
                 "fspReferenceId": "HP-1", "additionalProperties": {}}""".formatted(MSISDN, message, reference, status);
    }

    private static void acceptCheckouts() {
        AZAMPAY.stubFor(post(urlEqualTo(CHECKOUT_PATH)).willReturn(okJson("""
                {"success": true, "transactionId": "AZ-TX-1", "message": "Request in progress. You will receive a callback shortly"}""")));
    }

    private Response collect(String merchantReference) {
        return api.post("/api/v1/collections", "{\"amount\": 15000, \"currency\": \"TZS\", \"msisdn\": \"" + MSISDN
                + "\", \"reference\": \"" + merchantReference + "\"}");
    }

    /** Malipo's reference (MLP…) of the payment the token API created. */
    private String reference(Response created) {
        JsonNode payment = created.json();
        return jdbc.queryForObject("SELECT reference FROM payment WHERE id = ?::uuid", String.class,
                payment.get("id").asText());
    }
}
