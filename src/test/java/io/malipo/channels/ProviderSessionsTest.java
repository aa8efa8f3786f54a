package io.malipo.channels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.KeyPair;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.camel.Exchange;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.DefaultExchange;
import org.junit.jupiter.api.Test;

/** Provider sessions are kept per provider and mode until shortly before they lapse; RSA as providers ask it. */
class ProviderSessionsTest {

    private final AtomicLong nanos = new AtomicLong();
    private final ProviderSessions sessions = new ProviderSessions(nanos::get);
    private final DefaultCamelContext camel = new DefaultCamelContext();

    private Exchange exchange(String provider, boolean livemode) {
        Exchange exchange = new DefaultExchange(camel);
        exchange.setProperty(PaymentProperties.PROVIDER, provider);
        exchange.setProperty(PaymentProperties.LIVEMODE, livemode);
        return exchange;
    }

    private String looked(String provider, boolean livemode) {
        Exchange exchange = exchange(provider, livemode);
        exchange.setProperty(PaymentProperties.PROVIDER_SESSION, "left over from the call before");
        sessions.lookup(exchange);
        return exchange.getProperty(PaymentProperties.PROVIDER_SESSION, String.class);
    }

    private void keep(String provider, boolean livemode, String session, Long seconds) {
        Exchange exchange = exchange(provider, livemode);
        exchange.setProperty(PaymentProperties.PROVIDER_SESSION, session);
        exchange.setProperty(PaymentProperties.PROVIDER_SESSION_SECONDS, seconds);
        sessions.keep(exchange);
    }

    private void wait(Duration duration) {
        nanos.addAndGet(duration.toNanos());
    }

    @Test
    void aSessionIsKeptPerProviderAndModeUntilAMinuteBeforeItLapses() {
        assertThat(looked("airtel-tz", true)).as("nothing kept yet, and nothing left over").isNull();
        keep("airtel-tz", true, "live-token", 3600L);
        keep("airtel-tz", false, "test-token", 3600L);
        assertThat(looked("airtel-tz", true)).isEqualTo("live-token");
        assertThat(looked("airtel-tz", false)).isEqualTo("test-token");
        assertThat(looked("mpesa-tz", true)).isNull();
        wait(Duration.ofSeconds(3539));
        assertThat(looked("airtel-tz", true)).isEqualTo("live-token");
        wait(Duration.ofSeconds(2));
        assertThat(looked("airtel-tz", true)).as("within a minute of its end").isNull();
    }

    @Test
    void aShortOrUnstatedLifeIsHalvedOrTakenAsFiveMinutes() {
        keep("mixx-tz", false, "short", 90L);
        keep("mpesa-tz", false, "unstated", null);
        wait(Duration.ofSeconds(44));
        assertThat(looked("mixx-tz", false)).isEqualTo("short");
        wait(Duration.ofSeconds(2));
        assertThat(looked("mixx-tz", false)).isNull();
        assertThat(looked("mpesa-tz", false)).isEqualTo("unstated");
        wait(Duration.ofMinutes(4));
        assertThat(looked("mpesa-tz", false)).isNull();
    }

    @Test
    void aRefusedSessionIsForgotten() {
        keep("airtel-tz", true, "token", 3600L);
        sessions.forget(exchange("airtel-tz", true));
        assertThat(looked("airtel-tz", true)).isNull();
    }

    @Test
    void keepingNothingIsAMistakeOfTheConnector() {
        assertThatThrownBy(() -> keep("airtel-tz", true, " ", 3600L)).hasMessageContaining("malipoProviderSession");
    }

    @Test
    void rsaEncryptsUnderTheProvidersPublicKeyAsPkcs1() throws Exception {
        KeyPair keys = ProviderCrypto.rsaKeyPair();
        String base64 = Base64.getEncoder().encodeToString(keys.getPublic().getEncoded());
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(keys.getPublic()
                .getEncoded()) + "\n-----END PUBLIC KEY-----\n";
        ProviderCrypto crypto = new ProviderCrypto();
        String once = crypto.rsa(base64, "api-key-1");
        assertThat(ProviderCrypto.decrypt(keys.getPrivate(), once)).isEqualTo("api-key-1");
        assertThat(ProviderCrypto.decrypt(keys.getPrivate(), crypto.rsa(pem, "1234"))).isEqualTo("1234");
        assertThat(crypto.rsa(base64, "api-key-1")).as("PKCS#1 v1.5 padding is random").isNotEqualTo(once);
        assertThatThrownBy(() -> crypto.rsa("not a key", "x")).hasMessageContaining("not an RSA public key");
        assertThatThrownBy(() -> crypto.rsa("", "x")).hasMessageContaining("not configured");
    }

    @Test
    void aSessionIsEncryptedOnceAndItsBearerIsTheSameOnEveryCall() throws Exception {
        KeyPair keys = ProviderCrypto.rsaKeyPair();
        String base64 = Base64.getEncoder().encodeToString(keys.getPublic().getEncoded());
        ProviderCrypto crypto = new ProviderCrypto();

        String bearer = crypto.rsaForSession(base64, "session-1");

        assertThat(ProviderCrypto.decrypt(keys.getPrivate(), bearer)).isEqualTo("session-1");
        assertThat(crypto.rsaForSession(base64, "session-1")).isEqualTo(bearer);
        String next = crypto.rsaForSession(base64, "session-2");
        assertThat(next).isNotEqualTo(bearer);
        assertThat(ProviderCrypto.decrypt(keys.getPrivate(), next)).isEqualTo("session-2");
        KeyPair other = ProviderCrypto.rsaKeyPair();
        String underOther = crypto.rsaForSession(Base64.getEncoder().encodeToString(other.getPublic().getEncoded()),
                "session-1");
        assertThat(ProviderCrypto.decrypt(other.getPrivate(), underOther)).isEqualTo("session-1");
    }
}
