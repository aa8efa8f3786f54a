package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import org.junit.jupiter.api.Test;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/** An installation for live merchants only: no sandbox to reach, and test-mode money refused before anything is stored. */
@DirtiesContext
class SandboxOffIT extends PostgresIT {

    @DynamicPropertySource
    static void liveOnly(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("sandbox-off"));
        registry.add("malipo.channels.sandbox.enabled", () -> "false");
    }

    @Test
    void theSandboxIsNotServedAndATestModeCollectionIsRefusedWith403StoringNothing() {
        Http api = ApiMerchant.create(http, admin).api();

        Response sandbox = http.post("/sandbox/tpesa-tz/push-ussd/v1/c2b",
                "{\"payment_token\": \"1234567890\", \"msisdn\": \"255730000000\", \"amount\": \"1000\"}");
        // A simulator written as routes (routes/sandbox/) is off too.
        Response azamPay = http.post("/sandbox/halopesa-tz/AppRegistration/GenerateToken",
                "{\"appName\": \"Malipo\", \"clientId\": \"x\", \"clientSecret\": \"y\"}");
        Response collection = api.post("/api/v1/collections", "{\"amount\": 1000, \"currency\": \"TZS\", "
                + "\"msisdn\": \"255754000000\", \"reference\": \"OFF-1\"}");

        assertThat(sandbox.status()).isEqualTo(404);
        assertThat(azamPay.status()).as(azamPay.body()).isEqualTo(404);
        assertThat(collection.status()).as(collection.body()).isEqualTo(403);
        assertThat(collection.json().get("code").asText()).isEqualTo("test_mode_not_served");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM payment", Integer.class)).isZero();
        assertThat(jdbc.queryForObject("SELECT count(*) FROM sandbox_transaction", Integer.class)).isZero();
    }
}
