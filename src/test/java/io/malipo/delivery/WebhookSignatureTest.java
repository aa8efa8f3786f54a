package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Webhook signatures against the Standard Webhooks specification's own example. */
class WebhookSignatureTest {

    private static final String SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final String ID = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    private static final String TIMESTAMP = "1614265330";
    private static final byte[] BODY = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);

    @Test
    void theSpecificationsExampleIsSignedAsItSays() {
        assertThat(WebhookEndpoints.signature(SECRET, ID, TIMESTAMP, BODY))
                .isEqualTo("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    @Test
    void anyChangeToIdTimestampOrBodyChangesTheSignature() {
        String signature = WebhookEndpoints.signature(SECRET, ID, TIMESTAMP, BODY);

        assertThat(WebhookEndpoints.signature(SECRET, ID + "x", TIMESTAMP, BODY)).isNotEqualTo(signature);
        assertThat(WebhookEndpoints.signature(SECRET, ID, "1614265331", BODY)).isNotEqualTo(signature);
        assertThat(WebhookEndpoints.signature(SECRET, ID, TIMESTAMP, "{\"test\":2432232314}"
                .getBytes(StandardCharsets.UTF_8))).isNotEqualTo(signature);
    }
}
