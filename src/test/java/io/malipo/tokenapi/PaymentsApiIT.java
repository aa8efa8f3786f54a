package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.TokenApiIT;
import io.malipo.testsupport.Shop;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Collections, the payments list, the balance, fee previews and provider settings. */
class PaymentsApiIT extends TokenApiIT {

    @Test
    void aWalletCollectionStartsPendingSettlesAndCreditsTheBalanceLessTheFee() {
        Response created = collect("INV-1", "5000", "255754000000", "");

        assertThat(created.status()).as(created.body()).isEqualTo(201);
        JsonNode payment = created.json();
        assertThat(payment.get("status").asText()).isEqualTo("PENDING");
        assertThat(payment.get("reference").asText()).isEqualTo("INV-1");
        assertThat(payment.get("provider").asText()).isEqualTo("mpesa-tz");
        assertThat(payment.get("gatewayReference").asText()).startsWith("MLP");
        String id = payment.get("id").asText();

        JsonNode settled = awaitStatus(id, "SUCCEEDED");
        BigDecimal fee = settled.get("fee").decimalValue();
        Response preview = api.post("/api/v1/fees/preview",
                "{\"amount\": 5000, \"currency\": \"TZS\", \"type\": \"collection\", \"msisdn\": \"255754000000\"}");
        assertThat(preview.json().get("fee").decimalValue()).isEqualByComparingTo(fee);
        assertThat(preview.json().get("net").decimalValue()).isEqualByComparingTo(new BigDecimal("5000").subtract(fee));
        JsonNode balance = api.get("/api/v1/balance").json().get("balances").get(0);
        assertThat(balance.get("currency").asText()).isEqualTo("TZS");
        assertThat(balance.get("available").decimalValue()).isEqualByComparingTo(new BigDecimal("5000").subtract(fee));
        assertThat(balance.get("pending").decimalValue()).isEqualByComparingTo("0");
    }

    @Test
    void aDeclinedCollectionFailsWithTheProvidersReason() {
        String id = collect("INV-2", "5000", "255754000001", "").json().get("id").asText();

        JsonNode failed = awaitStatus(id, "FAILED");
        assertThat(failed.get("failureCode").asText()).isEqualTo("declined");
        assertThat(api.get("/api/v1/balance").json().get("balances")).isEmpty();
    }

    @Test
    void aReferenceIsTheMerchantsOwnAndCannotBeUsedTwice() {
        assertThat(collect("INV-3", "100", "255754000000", "").status()).isEqualTo(201);

        Response again = collect("INV-3", "200", "255754000000", "");
        assertThat(again.status()).isEqualTo(400);
        assertThat(again.json().get("code").asText()).isEqualTo("reference_reused");
        assertThat(again.json().get("reference").asText()).isEqualTo(again.header("X-Request-Id").orElseThrow());

        ApiMerchant other = ApiMerchant.create(http, admin);
        assertThat(other.api().post("/api/v1/collections", body("INV-3", "100", "255754000000", "")).status())
                .isEqualTo(201);
    }

    @Test
    void badCollectionsAre400NamingTheField() {
        assertInvalid(api.post("/api/v1/collections", "{\"amount\": 5000, \"currency\": \"TZS\", \"reference\": \"X\"}"),
                "msisdn");
        assertInvalid(collect("X", "0", "255754000000", ""), "amount");
        assertInvalid(collect("X", "10.001", "255754000000", ""), "amount");
        assertInvalid(collect("X", "10", "12345", ""), "msisdn");
        assertInvalid(api.post("/api/v1/collections", "{\"amount\": \"5000\", \"currency\": \"TZS\", \"msisdn\": "
                + "\"255754000000\", \"reference\": \"X\"}"), "amount");
        assertInvalid(api.post("/api/v1/collections", "{\"amount\": 5000, \"currency\": \"TZS\", \"cardToken\": "
                + "\"tok_x\", \"reference\": \"X\"}"), "gatewayBuyerUuid");
        assertInvalid(collect("X", "10", "255754000000", ", \"provider\": \"acme\""), "provider");
        assertThat(collect("X", "10", "255754000000", ", \"currency\": \"KES\"").status()).isEqualTo(400);
        assertThat(api.get("/api/v1/payments").json().get("data")).isEmpty();
    }

    @Test
    void theSameIdempotencyKeyGetsTheFirstAnswerAndAnotherBodyUnderItIsRefused() {
        String body = body("INV-4", "700", "255754000000", "");
        Response first = api.post("/api/v1/collections", body, "Idempotency-Key", "op-4");
        Response again = api.post("/api/v1/collections", body, "Idempotency-Key", "op-4");

        assertThat(again.status()).isEqualTo(201);
        assertThat(again.body()).isEqualTo(first.body());
        assertThat(again.header("Idempotent-Replayed")).contains("true");
        assertThat(api.get("/api/v1/payments").json().get("data")).hasSize(1);

        Response other = api.post("/api/v1/collections", body("INV-5", "700", "255754000000", ""),
                "Idempotency-Key", "op-4");
        assertThat(other.status()).isEqualTo(400);
        assertThat(other.json().get("code").asText()).isEqualTo("idempotency_key_reused");
    }

    @Test
    void anIdempotencyKeyPastItsWindowIsNewAgainAndRunsTheRequestItCarries() {
        Response first = api.post("/api/v1/collections", body("INV-41", "700", "255754000000", ""),
                "Idempotency-Key", "op-41");
        assertThat(first.status()).as(first.body()).isEqualTo(201);
        jdbc.update("UPDATE idempotency_key SET created_at = created_at - INTERVAL '25 hours' "
                + "WHERE merchant_id = CAST(? AS UUID) AND idem_key = 'op-41'", shop.id);

        Response later = api.post("/api/v1/collections", body("INV-42", "900", "255754000000", ""),
                "Idempotency-Key", "op-41");

        assertThat(later.status()).as(later.body()).isEqualTo(201);
        assertThat(later.header("Idempotent-Replayed")).isEmpty();
        assertThat(later.json().get("id").asText()).isNotEqualTo(first.json().get("id").asText());
        assertThat(later.json().get("reference").asText()).isEqualTo("INV-42");
        Response repeat = api.post("/api/v1/collections", body("INV-42", "900", "255754000000", ""),
                "Idempotency-Key", "op-41");
        assertThat(repeat.body()).isEqualTo(later.body());
        assertThat(api.get("/api/v1/payments").json().get("data")).hasSize(2);
    }

    @Test
    void anotherMerchantsPaymentIsNotFoundAndTheListShowsOnlyTheCallersOwn() {
        String id = collect("INV-6", "100", "255754000000", "").json().get("id").asText();
        ApiMerchant other = ApiMerchant.create(http, admin);

        assertThat(other.api().get("/api/v1/payments/" + id).status()).isEqualTo(404);
        assertThat(other.get("/api/v1/payments").get("data")).isEmpty();
        assertThat(api.get("/api/v1/payments/" + id).status()).isEqualTo(200);
        assertThat(api.get("/api/v1/payments/not-a-uuid").status()).isEqualTo(404);
    }

    @Test
    void aCheckoutOrdersPaymentIsListedWithItsOrderId() {
        CallbackReceiver receiver = new CallbackReceiver();
        try {
            Shop checkout = new Shop(checkoutMerchant(), jdbc, receiver.url());
            checkout.paidOrder("ORD-77");
            String merchant = checkout.merchantId();
            Response key = admin.post("/admin/v1/merchants/" + merchant + "/api-keys",
                    "{\"name\": \"back end\", \"scopes\": [\"payments.read\"]}");
            Http reader = http.bearer(http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key",
                    key.json().get("key").asText()).json().get("access_token").asText());

            JsonNode payment = reader.get("/api/v1/payments").json().get("data").get(0);
            assertThat(payment.get("orderId").asText()).isEqualTo("ORD-77");
            assertThat(payment.get("reference").asText()).isEqualTo("T-ORD-77");
            assertThat(payment.get("status").asText()).isEqualTo("SUCCEEDED");
        } finally {
            receiver.close();
        }
    }

    @Test
    void aProviderTurnedOffOrOutsideItsLimitsRefusesCollections() {
        Response off = api.send("PUT", "/api/v1/providers/mpesa-tz/settings", "{\"enabled\": false}");
        assertThat(off.status()).as(off.body()).isEqualTo(200);
        Response refused = collect("INV-8", "100", "255754000000", "");
        assertThat(refused.json().get("code").asText()).isEqualTo("provider_disabled");
        JsonNode providers = api.get("/api/v1/providers").json().get("data");
        assertThat(providers.findValuesAsText("code")).contains("mpesa-tz", "mixx-tz", "card");
        assertThat(status(providers, "mpesa-tz")).isEqualTo("DISABLED");
        assertThat(status(providers, "airtel-tz")).isEqualTo("ENABLED");

        Response limited = api.send("PUT", "/api/v1/providers/mpesa-tz/settings",
                "{\"enabled\": true, \"limits\": [{\"currency\": \"TZS\", \"minAmount\": 1000, \"maxAmount\": 50000}]}");
        assertThat(limited.json().get("limits").get(0).get("maxAmount").decimalValue()).isEqualByComparingTo("50000");
        assertThat(collect("INV-9", "999", "255754000000", "").json().get("code").asText())
                .isEqualTo("amount_out_of_range");
        assertThat(collect("INV-10", "50001", "255754000000", "").json().get("code").asText())
                .isEqualTo("amount_out_of_range");
        assertThat(collect("INV-11", "1000", "255754000000", "").status()).isEqualTo(201);
        assertThat(api.get("/api/v1/providers/mpesa-tz/settings").json().get("enabled").asBoolean()).isTrue();

        assertInvalid(api.send("PUT", "/api/v1/providers/mpesa-tz/settings",
                "{\"enabled\": true, \"limits\": [{\"currency\": \"USD\", \"maxAmount\": 5}]}"), "limits[0].currency");
        assertThat(api.send("PUT", "/api/v1/providers/nowhere/settings", "{\"enabled\": true}").status())
                .isEqualTo(404);
        // Settings are per merchant: another's collections are unaffected.
        ApiMerchant other = ApiMerchant.create(http, admin);
        assertThat(other.api().post("/api/v1/collections", body("INV-8", "100", "255754000000", "")).status())
                .isEqualTo(201);
    }

    @Test
    void aLiveProviderThatIsDownIs503AndTheReferenceStaysFree() {
        ApiMerchant live = ApiMerchant.create(http, admin, true, true, ApiMerchant.ALL_SCOPES, List.of());
        Http liveApi = live.api();

        Response down = liveApi.post("/api/v1/collections", body("L-1", "100", "255754000000", ""));
        assertThat(down.status()).as(down.body()).isEqualTo(503);
        assertThat(down.json().get("code").asText()).isEqualTo("provider_unavailable");
        Response again = liveApi.post("/api/v1/collections", body("L-1", "100", "255754000000", ""));
        assertThat(again.json().get("code").asText()).isEqualTo("provider_unavailable");
        JsonNode recorded = liveApi.get("/api/v1/payments").json().get("data");
        assertThat(recorded).hasSize(2).allSatisfy(p -> assertThat(p.get("status").asText()).isEqualTo("FAILED"));
        assertThat(recorded.get(0).get("failureCode").asText()).isEqualTo("provider_unavailable");
        // A provider without a live endpoint refuses at once, recording nothing.
        Response notConnected = liveApi.post("/api/v1/collections", body("L-2", "100", "255784000000", ""));
        assertThat(notConnected.status()).isEqualTo(503);
        assertThat(notConnected.json().get("code").asText()).isEqualTo("provider_not_configured");
    }

    private Response collect(String reference, String amount, String msisdn, String extra) {
        return api.post("/api/v1/collections", body(reference, amount, msisdn, extra));
    }

    private static String body(String reference, String amount, String msisdn, String extra) {
        String json = "{\"amount\": " + amount + ", \"currency\": \"TZS\", \"msisdn\": \"" + msisdn
                + "\", \"reference\": \"" + reference + "\"" + extra + "}";
        // A later "currency" in extra overrides the first, as JSON readers take the last.
        return extra.contains("\"currency\"") ? json.replace("\"currency\": \"TZS\", ", "") : json;
    }

    private JsonNode awaitStatus(String id, String status) {
        return ApiMerchant.awaitStatus(api, "/api/v1/payments/" + id, status);
    }

    private static String status(JsonNode providers, String code) {
        for (JsonNode provider : providers) {
            if (provider.get("code").asText().equals(code)) {
                return provider.get("status").asText();
            }
        }
        throw new AssertionError("no provider " + code);
    }

    private static void assertInvalid(Response answer, String field) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(400);
        assertThat(answer.json().get("errors").findValuesAsText("field")).contains(field);
    }
}
