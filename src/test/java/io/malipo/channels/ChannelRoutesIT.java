package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.common.Hmac;
import io.malipo.common.RandomTokens;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.ConnectorExchanges;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.spi.CamelEvent;
import org.apache.camel.spi.CamelEvent.ExchangeCompletedEvent;
import org.apache.camel.support.DefaultExchange;
import org.apache.camel.support.EventNotifierSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The real routes/ folder against the sandbox providers, table by table: what each connector
 * route makes of what the provider answers (request, payout, reversal, status per kind,
 * notification), which provider serves which number, and what a provider that is down means.
 * Each connector is called as Malipo calls it, through its direct: endpoint with the canonical
 * exchange properties of routes/README.md.
 */
class ChannelRoutesIT extends PostgresIT {

    private static final List<String> WALLET_PROVIDERS = List.of("mpesa-tz", "airtel-tz", "mixx-tz", "halopesa-tz",
            "tpesa-tz");
    /** A wallet number of each provider, without its last digit (which decides the sandbox's outcome). */
    private static final Map<String, String> NUMBERS = Map.of("mpesa-tz", "25575400001", "airtel-tz", "25568800001",
            "mixx-tz", "25571200001", "halopesa-tz", "25562000001", "tpesa-tz", "25573000001");
    /** MSISDN prefix → provider, as DESIGN.md §9 lists them. */
    private static final Map<String, String> PREFIXES = new TreeMap<>(Map.ofEntries(
            Map.entry("25572", "mpesa-tz"), Map.entry("25574", "mpesa-tz"), Map.entry("25575", "mpesa-tz"),
            Map.entry("25576", "mpesa-tz"), Map.entry("25579", "mpesa-tz"),
            Map.entry("25565", "mixx-tz"), Map.entry("25567", "mixx-tz"), Map.entry("25570", "mixx-tz"),
            Map.entry("25571", "mixx-tz"), Map.entry("25577", "mixx-tz"),
            Map.entry("25566", "airtel-tz"), Map.entry("25568", "airtel-tz"), Map.entry("25569", "airtel-tz"),
            Map.entry("25578", "airtel-tz"),
            Map.entry("25561", "halopesa-tz"), Map.entry("25562", "halopesa-tz"), Map.entry("25563", "halopesa-tz"),
            Map.entry("25573", "tpesa-tz")));
    private static final String CARD = "card";

    @Autowired
    CamelContext camel;
    @Autowired
    ProducerTemplate template;
    @Autowired
    ProviderDirectory providers;

    /** Exchanges that have gone through Malipo's notification endpoint, to read what the connector made of them. */
    private final List<Exchange> notified = new CopyOnWriteArrayList<>();
    private final EventNotifierSupport notifications = new EventNotifierSupport() {
        @Override
        public void notify(CamelEvent event) {
            Exchange exchange = ((ExchangeCompletedEvent) event).getExchange();
            if (exchange.getProperty(PaymentProperties.EVENT_KEY) != null) {
                notified.add(exchange);
            }
        }

        @Override
        public boolean isEnabled(CamelEvent event) {
            return event instanceof ExchangeCompletedEvent;
        }
    };

    @BeforeEach
    void listen() throws Exception {
        notifications.start();
        camel.getManagementStrategy().addEventNotifier(notifications);
        camel.getCamelContextExtension().setEventNotificationApplicable(true);
    }

    @AfterEach
    void stopListening() {
        camel.getManagementStrategy().removeEventNotifier(notifications);
        notifications.stop();
    }

    // --- the channel router of channels.yaml

    /** Channel, provider, and whether the provider is asked (a manual payment sends nothing). */
    @ParameterizedTest(name = "{0} through {1}")
    @CsvSource({"WALLET_PULL, mpesa-tz, true", "WALLET_PULL, airtel-tz, true", "WALLET_PULL, mixx-tz, true",
            "CARD, card, true", "MASTERPASS, card, true", "MANUAL, mixx-tz, false"})
    void theChannelRouterSendsEachChannelToItsRoute(String channel, String provider, boolean sent) {
        String reference = reference("MLP");
        Map<String, Object> payment = new LinkedHashMap<>();
        payment.put(PaymentProperties.CHANNEL, channel);
        payment.put(PaymentProperties.CONNECTOR, providers.get(provider).connector());
        payment.put(PaymentProperties.REFERENCE, reference);
        if (provider.equals(CARD)) {
            payment.put(PaymentProperties.CARD_TOKEN, tokenize("4111111111111111"));
        } else {
            payment.put(PaymentProperties.MSISDN, NUMBERS.get(provider) + "0");
        }

        Exchange routed = send("direct:payment-route", provider, payment);

        assertThat(outcome(routed)).as(routed.getProperties().toString()).isEqualTo("ACCEPTED");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference = ?", Integer.class,
                reference)).isEqualTo(sent ? 1 : 0);
    }

    @Test
    void aChannelWithoutARouteIsAnError() {
        Exchange routed = send("direct:payment-route", "mpesa-tz", Map.of(PaymentProperties.CHANNEL, "CASH"));

        assertThat(routed.getException()).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("No channel route for CASH");
    }

    // --- requests, payouts and reversals, then the status of each after the sandbox's delay

    /** Wallets: kind, last digit of the payer's or payee's number, outcome of the status query. */
    static Stream<Arguments> walletOutcomes() {
        List<String[]> table = List.of(
                new String[] {"COLLECTION", "0", "SUCCEEDED"},
                new String[] {"COLLECTION", "1", "FAILED"},
                new String[] {"COLLECTION", "2", "FAILED"},
                new String[] {"COLLECTION", "3", "PENDING"},
                new String[] {"PAYOUT", "0", "SUCCEEDED"},
                new String[] {"PAYOUT", "1", "FAILED"},
                new String[] {"PAYOUT", "2", "FAILED"},
                new String[] {"PAYOUT", "3", "PENDING"},
                new String[] {"REVERSAL", "0", "SUCCEEDED"},
                new String[] {"REVERSAL", "4", "FAILED"},
                new String[] {"REVERSAL", "9", "SUCCEEDED"});
        // AzamPay (HaloPesa) takes collections only: see aPayoutOrReversalThroughAzamPayIsDeclinedSendingNothing;
        // Mixx by Yas takes no payouts through Malipo (routes/providers/mixx-by-yas.yaml).
        return WALLET_PROVIDERS.stream().flatMap(provider -> table.stream()
                .filter(row -> !provider.equals("halopesa-tz") || row[0].equals("COLLECTION"))
                .filter(row -> !(provider.equals("mixx-tz") && row[0].equals("PAYOUT")))
                .map(row -> Arguments.of(provider, row[0], row[1], row[2])));
    }

    @ParameterizedTest(name = "{0}: {1} ending {2} → {3}")
    @MethodSource("walletOutcomes")
    void eachWalletProviderAcceptsThenAnswersTheStatusOfEachKindByTheMsisdnRule(String provider, String kind,
            String lastDigit, String outcome) {
        String msisdn = NUMBERS.get(provider) + lastDigit;
        Exchange sent = switch (kind) {
            case "COLLECTION" -> collect(provider, msisdn, Map.of());
            case "PAYOUT" -> call(provider, "payout", Map.of(PaymentProperties.REFERENCE, reference("MLO"),
                    PaymentProperties.MSISDN, msisdn, PaymentProperties.AMOUNT, new BigDecimal("2500.00")));
            default -> reverse(provider, succeededCollection(provider, msisdn, Map.of()), Map.of(
                    PaymentProperties.MSISDN, msisdn));
        };

        assertThat(outcome(sent)).as(sent.getProperties().toString()).isEqualTo("ACCEPTED");
        clock.advance(Duration.ofSeconds(1));
        Exchange status = status(provider, kind, sent.getProperty(PaymentProperties.REFERENCE, String.class));
        assertThat(outcome(status)).as(status.getProperties().toString()).isEqualTo(outcome);
        assertThat(status.getProperty(PaymentProperties.PROVIDER_FAILED)).isNull();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"payout, payouts_not_supported", "reversal, reversal_refused"})
    void aPayoutOrReversalThroughAzamPayIsDeclinedSendingNothing(String route, String failureCode) {
        Exchange sent = call("halopesa-tz", route, Map.of(PaymentProperties.REFERENCE, reference("MLX"),
                PaymentProperties.MSISDN, NUMBERS.get("halopesa-tz") + "0", PaymentProperties.PROVIDER_URL,
                DOWN_PROVIDER, PaymentProperties.ORIGINAL_PROVIDER_REF, "TX-1"));

        assertThat(outcome(sent)).isEqualTo("DECLINED");
        assertThat(sent.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_FAILED)).isNull();
    }

    @Test
    void theAzamPaySandboxTakesOnlyTheCredentialsAndTokensOfMalipoTestModeAndRefusesWhatItCannotRead() {
        String base = "/sandbox/halopesa-tz";
        Map<String, String> credentials = providers.credentials("halopesa-tz", false);
        Response wrongSecret = http.send("POST", base + "/AppRegistration/GenerateToken", """
                {"appName": "Malipo", "clientId": "%s", "clientSecret": "guess"}""".formatted(
                credentials.get("client-id")), "Content-Type", "application/json");
        Response granted = http.send("POST", base + "/AppRegistration/GenerateToken", """
                {"appName": "Malipo", "clientId": "%s", "clientSecret": "%s"}""".formatted(
                credentials.get("client-id"), credentials.get("client-secret")), "Content-Type", "application/json");
        String token = granted.json().get("data").get("accessToken").asText();
        String push = """
                {"accountNumber": "255620000010", "amount": "%s", "currency": "TZS", "externalId": "MLP1",
                 "provider": "%s"}""";
        Response noToken = http.send("POST", base + "/azampay/mno/checkout", push.formatted("1000", "Halopesa"),
                "Content-Type", "application/json", "X-API-Key", providers.apiKey("halopesa-tz", false));
        Response wrongKey = http.send("POST", base + "/azampay/mno/checkout", push.formatted("1000", "Halopesa"),
                "Content-Type", "application/json", "Authorization", "Bearer " + token, "X-API-Key", "guess");
        Response unreadable = http.send("POST", base + "/azampay/mno/checkout", push.formatted("12.345", "Halopesa"),
                "Content-Type", "application/json", "Authorization", "Bearer " + token, "X-API-Key",
                providers.apiKey("halopesa-tz", false));
        Response otherWallet = http.send("POST", base + "/azampay/mno/checkout", push.formatted("1000", "Airtel"),
                "Content-Type", "application/json", "Authorization", "Bearer " + token, "X-API-Key",
                providers.apiKey("halopesa-tz", false));
        Response notOnThisConnector = http.send("POST", "/sandbox/mixx-tz/AppRegistration/GenerateToken", "{}",
                "Content-Type", "application/json");

        assertThat(wrongSecret.status()).as(wrongSecret.body()).isEqualTo(401);
        assertThat(wrongSecret.json().get("success").asBoolean()).isFalse();
        assertThat(granted.status()).as(granted.body()).isEqualTo(200);
        assertThat(granted.json().get("success").asBoolean()).isTrue();
        assertThat(noToken.status()).as(noToken.body()).isEqualTo(401);
        assertThat(wrongKey.status()).as(wrongKey.body()).isEqualTo(401);
        assertThat(unreadable.status()).as(unreadable.body()).isEqualTo(400);
        assertThat(unreadable.json().get("success").asBoolean()).isFalse();
        assertThat(otherWallet.status()).as(otherWallet.body()).isEqualTo(400);
        assertThat(notOnThisConnector.status()).as(notOnThisConnector.body()).isEqualTo(404);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference = 'MLP1' AND "
                + "provider = 'halopesa-tz'", Integer.class)).isZero();
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"COLLECTION, 4111111111111111, SUCCEEDED", "COLLECTION, 5555555555554444, SUCCEEDED",
            "COLLECTION, 4000000000000002, FAILED", "REVERSAL, 4111111111111111, SUCCEEDED"})
    void theCardProcessorChargesAndRefundsAndAnswersTheStatusOfEach(String kind, String card, String outcome) {
        Map<String, Object> token = Map.of(PaymentProperties.CARD_TOKEN, tokenize(card));
        Exchange sent = kind.equals("COLLECTION") ? collect(CARD, null, token)
                : reverse(CARD, succeededCollection(CARD, null, token), token);

        assertThat(outcome(sent)).as(sent.getProperties().toString()).isEqualTo("ACCEPTED");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_REF, String.class)).isNotBlank();
        clock.advance(Duration.ofSeconds(1));
        assertThat(outcome(status(CARD, kind, sent.getProperty(PaymentProperties.REFERENCE, String.class))))
                .isEqualTo(outcome);
    }

    @Test
    void aChargeOfATokenTheProcessorDoesNotKnowIsDeclined() {
        Exchange sent = collect(CARD, null, Map.of(PaymentProperties.CARD_TOKEN, "tok_unknown"));

        assertThat(outcome(sent)).isEqualTo("DECLINED");
        assertThat(sent.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo("invalid_token");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mpesa-tz", "airtel-tz", "mixx-tz", "card"})
    void aReversalOfATransactionTheProviderDoesNotKnowIsDeclined(String provider) {
        Exchange sent = reverse(provider, "TX-NOT-BOOKED", Map.of(PaymentProperties.MSISDN, "255700000000",
                PaymentProperties.CARD_TOKEN, "tok_unknown"));

        assertThat(outcome(sent)).isEqualTo("DECLINED");
        assertThat(sent.getProperty(PaymentProperties.FAILURE_MESSAGE, String.class)).contains("TX-NOT-BOOKED");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mpesa-tz", "airtel-tz", "mixx-tz"})
    void aReversalOfMoreThanTheOriginalIsDeclined(String provider) {
        String original = succeededCollection(provider, NUMBERS.get(provider) + "0", Map.of());

        Exchange sent = reverse(provider, original, Map.of(PaymentProperties.MSISDN, NUMBERS.get(provider) + "0",
                PaymentProperties.AMOUNT, new BigDecimal("1000.01")));

        assertThat(outcome(sent)).isEqualTo("DECLINED");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"mpesa-tz", "airtel-tz", "halopesa-tz", "tpesa-tz"})
    void aPayoutOfAnAmountTheProviderCannotReadIsDeclined(String provider) {
        Exchange sent = call(provider, "payout", Map.of(PaymentProperties.REFERENCE, reference("MLO"),
                PaymentProperties.MSISDN, NUMBERS.get(provider) + "0", PaymentProperties.AMOUNT, new BigDecimal("-5")));

        assertThat(outcome(sent)).isEqualTo("DECLINED");
    }

    // --- a provider that is down

    /** Every connector route that sends something: nothing can have been sent. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"mpesa-tz, request", "mpesa-tz, payout", "mpesa-tz, reversal", "airtel-tz, request",
            "airtel-tz, payout", "airtel-tz, reversal", "mixx-tz, request", "mixx-tz, reversal", "tpesa-tz, payout",
            "card, request", "card, reversal", "halopesa-tz, request"})
    void aProviderThatIsDownIsUnavailableAndCountedAsAFailure(String provider, String route) {
        Exchange sent = call(provider, route, Map.of(PaymentProperties.PROVIDER_URL, DOWN_PROVIDER,
                PaymentProperties.REFERENCE, reference("MLX"), PaymentProperties.MSISDN, NUMBERS.getOrDefault(provider,
                        "25575400001") + "0", PaymentProperties.CARD_TOKEN, "tok_any",
                PaymentProperties.ORIGINAL_PROVIDER_REF, "TX-1"));

        assertThat(outcome(sent)).isEqualTo("UNAVAILABLE");
        assertThat(sent.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"mpesa-tz, PAYOUT", "airtel-tz, COLLECTION", "airtel-tz, PAYOUT", "airtel-tz, REVERSAL",
            "mixx-tz, REVERSAL", "card, COLLECTION", "card, REVERSAL", "halopesa-tz, COLLECTION"})
    void aStatusQueryToAProviderThatIsDownLeavesTheOutcomePending(String provider, String kind) {
        Exchange status = call(provider, "status", Map.of(PaymentProperties.PROVIDER_URL, DOWN_PROVIDER,
                PaymentProperties.REFERENCE, reference("MLX"), PaymentProperties.TRANSACTION_KIND, kind));

        assertThat(outcome(status)).isEqualTo("PENDING");
        assertThat(status.getProperty(PaymentProperties.PROVIDER_FAILED)).isEqualTo(true);
    }

    // --- notifications: the provider's JSON, written by hand, and what the connector makes of it

    static Stream<Arguments> notifications() {
        return Stream.of(
                // provider, body, outcome, event key, reference, provider ref, failure code
                Arguments.of("mpesa-tz", vodacom("MLO1", "TX1", "INS-0", "Request processed successfully"),
                        "SUCCEEDED", "MLO1:INS-0", "MLO1", "TX1", null),
                Arguments.of("mpesa-tz", vodacom("MLO1", "TX1", "INS-2002", "Receiver invalid"),
                        "FAILED", "MLO1:INS-2002", "MLO1", "TX1", "recipient_rejected"),
                Arguments.of("mpesa-tz", vodacom("MLO1", "TX1", "INS-15", "Invalid Amount Used"),
                        "FAILED", "MLO1:INS-15", "MLO1", "TX1", "limit_exceeded"),
                Arguments.of("mpesa-tz", vodacom("MLO1", "TX1", "INS-2006", "Insufficient balance"),
                        "FAILED", "MLO1:INS-2006", "MLO1", "TX1", "insufficient_funds"),
                Arguments.of("mpesa-tz", vodacom("MLR1", "TX2", "INS-0", "Request processed successfully"),
                        "SUCCEEDED", "MLR1:INS-0", "MLR1", "TX2", null),
                Arguments.of("mpesa-tz", vodacom("MLR1", "TX2", "INS-6", "Transaction Failed"),
                        "FAILED", "MLR1:INS-6", "MLR1", "TX2", "reversal_refused"),
                Arguments.of("mpesa-tz", vodacom("MLP1", "TX3", "INS-6", "Transaction Failed"),
                        "FAILED", "MLP1:INS-6", "MLP1", "TX3", "declined"),
                Arguments.of("mpesa-tz", vodacom("MLO1", "TX1", "INS-23", "Unknown Status"),
                        "PENDING", "MLO1:INS-23", "MLO1", "TX1", null),
                Arguments.of("mpesa-tz", vodacom("MLO1", "TX1", "INS-2005", "Rule limited"),
                        "FAILED", "MLO1:INS-2005", "MLO1", "TX1", "limit_exceeded"),
                Arguments.of("mpesa-tz", vodacom("MLP1", "TX3", "INS-5", "Transaction cancelled by customer"),
                        "FAILED", "MLP1:INS-5", "MLP1", "TX3", "declined"),
                Arguments.of("mpesa-tz", vodacom("MLP1", "TX3", "INS-9", "Request timeout"),
                        "PENDING", "MLP1:INS-9", "MLP1", "TX3", null),
                Arguments.of("mpesa-tz", vodacom("MLP1", "TX3", "INS-10", "Duplicate Transaction"),
                        "PENDING", "MLP1:INS-10", "MLP1", "TX3", null),
                Arguments.of("airtel-tz", airtel("MLO2", "AM1", "TS", "Paid"),
                        "SUCCEEDED", "MLO2:TS", "MLO2", "AM1", null),
                Arguments.of("airtel-tz", airtel("MLO2", "AM1", "TF", "The recipient's wallet cannot receive this payment."),
                        "FAILED", "MLO2:TF", "MLO2", "AM1", "recipient_rejected"),
                Arguments.of("airtel-tz", airtel("MLO2", "AM1", "TF", "The payment would take the recipient's wallet "
                        + "over its limit."), "FAILED", "MLO2:TF", "MLO2", "AM1", "limit_exceeded"),
                Arguments.of("airtel-tz", airtel("MLR2", "AM2", "TS", "Paid"),
                        "SUCCEEDED", "MLR2:TS", "MLR2", "AM2", null),
                Arguments.of("airtel-tz", airtel("MLR2", "AM2", "TF", "The payer's wallet refused the reversal."),
                        "FAILED", "MLR2:TF", "MLR2", "AM2", "reversal_refused"),
                Arguments.of("airtel-tz", airtel("MLP2", "AM3", "TF", "Insufficient funds"),
                        "FAILED", "MLP2:TF", "MLP2", "AM3", "insufficient_funds"),
                Arguments.of("airtel-tz", airtel("MLO2", "AM1", "TIP", ""),
                        "PENDING", "MLO2:TIP", "MLO2", "AM1", null),
                Arguments.of("tpesa-tz", push("payout", "MLO3", "PX1", "SUCCESS", null),
                        "SUCCEEDED", "PX1:SUCCESS", "MLO3", "PX1", null),
                Arguments.of("tpesa-tz", push("payout", "MLO3", "PX1", "FAILED", "limit_exceeded"),
                        "FAILED", "PX1:FAILED", "MLO3", "PX1", "limit_exceeded"),
                Arguments.of("tpesa-tz", push("reversal", "MLR3", "PX2", "SUCCESS", null),
                        "SUCCEEDED", "PX2:SUCCESS", "MLR3", "PX2", null),
                Arguments.of("tpesa-tz", push("reversal", "MLR3", "PX2", "FAILED", "reversal_refused"),
                        "FAILED", "PX2:FAILED", "MLR3", "PX2", "reversal_refused"),
                Arguments.of("tpesa-tz", push("payout", "MLO3", "PX1", "QUEUED", null),
                        "PENDING", "PX1:QUEUED", "MLO3", "PX1", null),
                Arguments.of("halopesa-tz", azamPay("MLP5", "AZ1", "success"),
                        "SUCCEEDED", "MLP5:AZ1:success", "MLP5", "AZ1", null),
                Arguments.of("halopesa-tz", azamPay("MLP5", "AZ1", "failure"),
                        "FAILED", "MLP5:AZ1:failure", "MLP5", "AZ1", "declined"),
                Arguments.of("halopesa-tz", azamPay("MLP5", "AZ1", "pending"),
                        "PENDING", "MLP5:AZ1:pending", "MLP5", "AZ1", null),
                Arguments.of("mixx-tz", mixx("true", "MLP5", "MX1", "Transaction successful"),
                        "SUCCEEDED", "MLP5:true", "MLP5", "MX1", null),
                Arguments.of("mixx-tz", mixx("false", "MLP5", "MX1", "Insufficient balance in the wallet"),
                        "FAILED", "MLP5:false", "MLP5", "MX1", "insufficient_funds"),
                Arguments.of("mixx-tz", mixx("false", "MLP5", "MX1", "Customer rejected the transaction"),
                        "FAILED", "MLP5:false", "MLP5", "MX1", "declined"),
                Arguments.of("mixx-tz", mixx("true", "MLR5", "MX2", "Transaction successful"),
                        "SUCCEEDED", "MLR5:true", "MLR5", "MX2", null),
                Arguments.of("mixx-tz", mixx("false", "MLR5", "MX2", "Reverse Transaction Failed"),
                        "FAILED", "MLR5:false", "MLR5", "MX2", "reversal_refused"),
                Arguments.of("mixx-tz", mixx("\"true\"", "MLP5", "MX1", "Transaction successful"),
                        "SUCCEEDED", "MLP5:true", "MLP5", "MX1", null),
                Arguments.of("mixx-tz", mixx("null", "MLP5", "MX1", "Transaction in progress"),
                        "PENDING", "MLP5:", "MLP5", "MX1", null),
                Arguments.of(CARD, card("refund.succeeded", "MLR4", "re_1", null),
                        "SUCCEEDED", "evt_re_1", "MLR4", "re_1", null),
                Arguments.of(CARD, card("refund.failed", "MLR4", "re_1", "charge_disputed"),
                        "FAILED", "evt_re_1", "MLR4", "re_1", "charge_disputed"),
                Arguments.of(CARD, card("charge.succeeded", "MLP4", "ch_1", null),
                        "SUCCEEDED", "evt_ch_1", "MLP4", "ch_1", null));
    }

    @ParameterizedTest(name = "{0}: {2} {3}")
    @MethodSource("notifications")
    void eachNotificationIsReadIntoMalipoOutcome(String provider, String body, String outcome, String eventKey,
            String reference, String providerRef, String failureCode) {
        Exchange read = new DefaultExchange(camel);
        read.setProperty(PaymentProperties.PROVIDER, provider);
        read.getIn().setBody(body);

        template.send("direct:connector-" + providers.get(provider).connector() + "-notify", read);

        assertThat(read.getException()).isNull();
        assertThat(outcome(read)).isEqualTo(outcome);
        assertThat(read.getProperty(PaymentProperties.EVENT_KEY)).isEqualTo(eventKey);
        assertThat(read.getProperty(PaymentProperties.REFERENCE)).isEqualTo(reference);
        assertThat(read.getProperty(PaymentProperties.PROVIDER_REF)).isEqualTo(providerRef);
        assertThat(read.getProperty(PaymentProperties.FAILURE_CODE)).isEqualTo(failureCode);
    }

    static Stream<Arguments> payoutAndReversalNotifications() {
        return notifications().filter(row -> !((String) row.get()[4]).startsWith("MLP"));
    }

    /**
     * What settles payouts and reversals is not the connectors' business: only that the report gets
     * read, and acknowledged even though it names nothing Malipo sent.
     */
    @ParameterizedTest(name = "{0}: {2} {3}")
    @MethodSource("payoutAndReversalNotifications")
    void aPayoutOrReversalReportPostedToTheNotificationEndpointReachesTheConnectorAndIsAcknowledged(String provider,
            String body, String outcome, String eventKey, String reference) {
        Response answer = http.post("/v1/providers/" + provider + "/notify", body,
                ProviderNotifications.SIGNATURE_HEADER,
                Hmac.base64(providers.notifySecret(provider, false).orElseThrow(), body));

        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        if (provider.equals("mpesa-tz")) {
            // Acknowledged in Vodacom's own format.
            assertThat(answer.json().get("output_ResponseCode").asText()).isEqualTo("0");
            assertThat(answer.json().get("output_ThirdPartyConversationID").asText()).isEqualTo(reference);
        } else if (provider.equals("mixx-tz")) {
            // Tigo expects its own acknowledgement back.
            assertThat(answer.json().get("ResponseCode").asText()).isEqualTo("BILLER-18-0000-S");
            assertThat(answer.json().get("ReferenceID").asText()).isEqualTo(reference);
        } else if (provider.equals("airtel-tz")) {
            assertThat(answer.json().path("status").path("success").asBoolean()).isTrue();
        } else {
            assertThat(answer.json().get("received").asBoolean()).isTrue();
        }
        // The exchange completes as its answer is written, so it may be listed a moment later.
        Await.until("the connector to have read " + eventKey, () -> read(eventKey) != null);
        Exchange read = read(eventKey);
        assertThat(outcome(read)).isEqualTo(outcome);
        assertThat(read.getProperty(PaymentProperties.REFERENCE)).isEqualTo(reference);
        // Acknowledged in the provider's own format where its connector names one.
        String reply = read.getProperty(ProviderNotifications.REPLY, String.class);
        if (reply == null) {
            assertThat(answer.json().get("received").asBoolean()).isTrue();
        } else {
            assertThat(answer.body()).isEqualTo(reply);
        }
    }

    private Exchange read(String eventKey) {
        return notified.stream().filter(e -> eventKey.equals(e.getProperty(PaymentProperties.EVENT_KEY)))
                .findFirst().orElse(null);
    }

    // --- which provider serves a number

    static Stream<Arguments> prefixes() {
        return PREFIXES.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0}… → {1}")
    @MethodSource("prefixes")
    void eachPrefixPicksItsProvider(String prefix, String provider) {
        assertThat(providers.walletProviderFor(prefix + "1234567")).contains(provider);
    }

    @Test
    void everyConfiguredPrefixIsARowOfThePrefixTable() {
        Set<String> configured = new TreeSet<>();
        providers.all().values().forEach(p -> configured.addAll(p.prefixes()));

        assertThat(configured).isEqualTo(PREFIXES.keySet());
        assertThat(providers.walletProviderFor("255800000000")).isEmpty();
    }

    // --- the sandbox refuses what it cannot read, as a provider would: 400, never 500

    static Stream<Arguments> unreadableRequests() {
        return Stream.of(
                Arguments.of("mpesa-tz", "POST", "/ipg/v2/vodacomTZN/c2bPayment/singleStage/", """
                        {"input_Amount": "abc", "input_Country": "TZN", "input_Currency": "TZS",
                         "input_CustomerMSISDN": "255754000010", "input_ServiceProviderCode": "000000",
                         "input_ThirdPartyConversationID": "MLP1"}"""),
                Arguments.of("mpesa-tz", "POST", "/ipg/v2/vodacomTZN/b2cPayment/singleStage/", """
                        {"input_Amount": "1e400", "input_Country": "TZN", "input_Currency": "TZS",
                         "input_CustomerMSISDN": "255754000010", "input_ServiceProviderCode": "000000",
                         "input_ThirdPartyConversationID": "MLO1"}"""),
                Arguments.of("mpesa-tz", "PUT", "/ipg/v2/vodacomTZN/reversal/", """
                        {"input_ReversalAmount": "-1", "input_TransactionID": "P1", "input_Country": "TZN",
                         "input_ServiceProviderCode": "000000", "input_ThirdPartyConversationID": "MLR1"}"""),
                Arguments.of("airtel-tz", "POST", "/merchant/v1/payments/", """
                        {"subscriber": {"msisdn": "688000010"},
                         "transaction": {"amount": "ten", "currency": "TZS", "id": "MLP1"}}"""),
                Arguments.of("airtel-tz", "POST", "/standard/v1/disbursements/", """
                        {"payee": {"msisdn": "688000010"}, "pin": "{pin}",
                         "transaction": {"amount": {"value": 1}, "id": "MLO1"}}"""),
                Arguments.of("airtel-tz", "POST", "/standard/v1/payments/refund", """
                        {"transaction": {"airtel_money_id": "P1", "id": "MLR1", "amount": 0}}"""),
                Arguments.of("tpesa-tz", "POST", "/push-ussd/v1/requests", """
                        {"msisdn": "255712000010", "amount": "12.345", "currency": "TZS", "reference": "MLP1"}"""),
                Arguments.of("tpesa-tz", "POST", "/push-ussd/v1/payouts", """
                        {"msisdn": "255712000010", "currency": "TZS", "reference": "MLO1"}"""),
                Arguments.of("tpesa-tz", "POST", "/push-ussd/v1/reversals", """
                        {"original_transaction_id": "P1", "amount": "NaN", "reference": "MLR1"}"""),
                Arguments.of("tpesa-tz", "POST", "/push-ussd/v1/c2b", """
                        {"payment_token": "1234567890", "msisdn": "255712000010", "amount": "1,000"}"""),
                Arguments.of(CARD, "POST", "/v1/charges", """
                        {"token": "{token}", "amount": "abc", "currency": "TZS", "reference": "MLP1"}"""),
                Arguments.of(CARD, "POST", "/v1/refunds", """
                        {"charge": "C1", "amount": "1.5.0", "currency": "TZS", "reference": "MLR1"}"""),
                Arguments.of("tpesa-tz", "POST", "/push-ussd/v1/payouts", "[1, 2]"),
                Arguments.of("tpesa-tz", "POST", "/push-ussd/v1/payouts", "null"));
    }

    @ParameterizedTest(name = "{0} {1} {2}: {3}")
    @MethodSource("unreadableRequests")
    void theSandboxAnswers400ToAnAmountOrBodyItCannotRead(String provider, String method, String path, String body) {
        String request = body.replace("{token}", body.contains("{token}") ? tokenize("4111111111111111") : "")
                .replace("{pin}", body.contains("{pin}") ? airtelPin(provider) : "");

        Response answer = http.send(method, "/sandbox/" + provider + path, request, "Content-Type", "application/json",
                "Authorization", sandboxAuthorization(provider), "Origin", "*", "X-Country", "TZ", "X-Currency", "TZS");

        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference IN ('MLP1', "
                + "'MLO1', 'MLR1', '1234567890')", Integer.class)).isZero();
    }

    /**
     * Malipo's test-mode key as the provider's API takes it: Vodacom's wants a session, encrypted;
     * Airtel's an OAuth2 token.
     */
    private String sandboxAuthorization(String provider) {
        String key = providers.apiKey(provider, false);
        String connector = providers.get(provider).connector();
        if (connector.equals("airtel-money")) {
            Map<String, String> credentials = providers.credentials(provider, false);
            Response token = http.post("/sandbox/" + provider + "/auth/oauth2/token", """
                    {"client_id": "%s", "client_secret": "%s", "grant_type": "client_credentials"}"""
                    .formatted(credentials.get("client-id"), credentials.get("client-secret")),
                    "Content-Type", "application/json");
            assertThat(token.status()).as(token.body()).isEqualTo(200);
            return "Bearer " + token.json().get("access_token").asText();
        }
        if (!connector.equals("vodacom-openapi")) {
            return "Bearer " + key;
        }
        ProviderCrypto crypto = new ProviderCrypto();
        String publicKey = providers.credentials(provider, false).get("public-key");
        Response session = http.get("/sandbox/" + provider + "/ipg/v2/vodacomTZN/getSession/", "Authorization",
                "Bearer " + crypto.rsa(publicKey, key), "Origin", "*");
        assertThat(session.status()).as(session.body()).isEqualTo(200);
        return "Bearer " + crypto.rsa(publicKey, session.json().get("output_SessionID").asText());
    }

    private String airtelPin(String provider) {
        Map<String, String> credentials = providers.credentials(provider, false);
        return new ProviderCrypto().rsa(credentials.get("public-key"), credentials.get("pin"));
    }

    @Test
    void theMixxSandboxHandsATokenOnlyForItsCredentialsAndTakesBillerPayOnlyWithThatToken() {
        Map<String, String> credentials = providers.credentials("mixx-tz", false);
        String form = "username=" + credentials.get("username") + "&grant_type=password&password=";
        String push = """
                {"CustomerMSISDN": "255712000010", "BillerMSISDN": "%s", "Amount": 1000, "Remarks": "r",
                 "ReferenceID": "MLP1"}""".formatted(credentials.get("biller-msisdn"));

        Response wrong = http.post("/sandbox/mixx-tz/token", form + "nope", "Content-Type",
                "application/x-www-form-urlencoded");
        Response token = http.post("/sandbox/mixx-tz/token", form + credentials.get("password"), "Content-Type",
                "application/x-www-form-urlencoded");
        Response withTheApiKey = http.post("/sandbox/mixx-tz/API/BillerPayment/BillerPay", push, "Content-Type",
                "application/json", "Authorization", "Bearer " + providers.apiKey("mixx-tz", false),
                "Username", credentials.get("username"), "Password", credentials.get("password"));
        Response withoutThePassword = http.post("/sandbox/mixx-tz/API/BillerPayment/BillerPay", push,
                "Content-Type", "application/json", "Authorization", "Bearer "
                        + token.json().get("access_token").asText(), "Username", credentials.get("username"));

        assertThat(wrong.status()).isEqualTo(400);
        assertThat(wrong.json().get("error").asText()).isEqualTo("invalid_grant");
        assertThat(token.status()).as(token.body()).isEqualTo(200);
        assertThat(token.json().get("expires_in").asLong()).isPositive();
        assertThat(withTheApiKey.status()).isEqualTo(401);
        assertThat(withTheApiKey.json().get("Message").asText()).contains("denied");
        assertThat(withoutThePassword.status()).isEqualTo(401);
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction WHERE reference = 'MLP1'",
                Integer.class)).isZero();
    }

    // --- calling the connectors as Malipo does

    /** The canonical properties of routes/README.md for a test-mode call, then {@code properties} over them. */
    private Exchange call(String provider, String route, Map<String, Object> properties) {
        return send("direct:connector-" + providers.get(provider).connector() + "-" + route, provider, properties);
    }

    private Exchange send(String endpoint, String provider, Map<String, Object> properties) {
        return template.send(endpoint, ConnectorExchanges.canonical(camel, providers, provider, false, properties));
    }

    private Exchange collect(String provider, String msisdn, Map<String, Object> properties) {
        Map<String, Object> all = new LinkedHashMap<>(properties);
        all.put(PaymentProperties.REFERENCE, reference("MLP"));
        if (msisdn != null) {
            all.put(PaymentProperties.MSISDN, msisdn);
        }
        return call(provider, "request", all);
    }

    /** The provider's id of a collection of 1000.00 that has succeeded. */
    private String succeededCollection(String provider, String msisdn, Map<String, Object> properties) {
        Exchange collected = collect(provider, msisdn, properties);
        assertThat(outcome(collected)).isEqualTo("ACCEPTED");
        clock.advance(Duration.ofSeconds(1));
        Exchange status = status(provider, "COLLECTION", collected.getProperty(PaymentProperties.REFERENCE,
                String.class));
        assertThat(outcome(status)).isEqualTo("SUCCEEDED");
        // Airtel names its transaction only once it has one; the others at once.
        return collected.getProperty(PaymentProperties.PROVIDER_REF, status.getProperty(PaymentProperties.PROVIDER_REF,
                String.class), String.class);
    }

    /** A reversal of 400.00 of {@code originalProviderRef}, unless {@code properties} say otherwise. */
    private Exchange reverse(String provider, String originalProviderRef, Map<String, Object> properties) {
        Map<String, Object> all = new LinkedHashMap<>();
        all.put(PaymentProperties.REFERENCE, reference("MLR"));
        all.put(PaymentProperties.AMOUNT, new BigDecimal("400.00"));
        all.put(PaymentProperties.ORIGINAL_REFERENCE, reference("MLP"));
        all.put(PaymentProperties.ORIGINAL_PROVIDER_REF, originalProviderRef);
        all.putAll(properties);
        return call(provider, "reversal", all);
    }

    private Exchange status(String provider, String kind, String reference) {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put(PaymentProperties.REFERENCE, reference);
        // Absent means a collection.
        if (!kind.equals("COLLECTION")) {
            properties.put(PaymentProperties.TRANSACTION_KIND, kind);
        }
        return call(provider, "status", properties);
    }

    private String tokenize(String cardNumber) {
        Exchange tokenized = call(CARD, "tokenize", Map.of("malipoCardNumber", cardNumber,
                "malipoCardExpiry", "12/30"));
        return tokenized.getProperty(PaymentProperties.CARD_TOKEN, String.class);
    }

    private static String outcome(Exchange exchange) {
        return exchange.getProperty(PaymentProperties.OUTCOME, String.class);
    }

    private static String reference(String prefix) {
        return prefix + RandomTokens.crockford(16);
    }

    // --- provider bodies

    private static String vodacom(String reference, String transactionId, String code, String description) {
        return """
                {"input_OriginalConversationID": "AG_20261123_0001", "input_ThirdPartyConversationID": "%s",
                 "input_TransactionID": "%s", "input_ResultCode": "%s", "input_ResultDesc": "%s"}"""
                .formatted(reference, transactionId, code, description);
    }

    private static String airtel(String reference, String airtelMoneyId, String status, String message) {
        return """
                {"transaction": {"id": "%s", "message": "%s", "status_code": "%s", "airtel_money_id": "%s"}}"""
                .formatted(reference, message, status, airtelMoneyId);
    }

    private static String push(String event, String reference, String transactionId, String status, String reason) {
        return """
                {"event": "%s", "request_id": "%s", "reference": "%s", "status": "%s", "reason": %s,
                 "transaction_id": "%s"}"""
                .formatted(event, transactionId, reference, status, reason == null ? "null" : "\"" + reason + "\"",
                        transactionId);
    }

    private static String azamPay(String reference, String transactionId, String status) {
        return """
                {"msisdn": "255620000010", "amount": "1000", "message": "", "utilityref": "%s", "operator": "Halopesa",
                 "reference": "%s", "transactionstatus": "%s", "submerchantAcc": null, "fspReferenceId": "FSP1",
                 "additionalProperties": {}}""".formatted(reference, transactionId, status);
    }

    private static String mixx(String status, String reference, String transactionId, String description) {
        return """
                {"Status": %s, "Description": "%s", "MFSTransactionID": "%s", "ReferenceID": "%s", "Amount": "1000"}"""
                .formatted(status, description, transactionId, reference);
    }

    private static String card(String type, String reference, String id, String failureReason) {
        return """
                {"id": "evt_%s", "type": "%s", "data": {"id": "%s", "reference": "%s", "charge": "ch_0",
                 "status": "%s", "failure_reason": %s}}"""
                .formatted(id, type, id, reference, type.substring(type.indexOf('.') + 1),
                        failureReason == null ? "null" : "\"" + failureReason + "\"");
    }
}
