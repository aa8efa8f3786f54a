package io.malipo.channels;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * Sessions and access tokens connectors get from providers (Vodacom's session id, an OAuth2
 * access token), kept per provider and mode until shortly before they lapse, so a payment does
 * not pay for a token round trip. Each instance keeps its own: a provider hands out as many as
 * asked. A connector route calls {@code lookup}; when that leaves {@code malipoProviderSession}
 * unset it asks the provider, sets {@code malipoProviderSession} and
 * {@code malipoProviderSessionSeconds} and calls {@code keep}; when the provider refuses a kept
 * one (401), {@code forget}.
 */
@Component("providerSessions")
public class ProviderSessions {

    /** A session is dropped this long before the provider said it ends, so none is used as it lapses. */
    static final Duration MARGIN = Duration.ofSeconds(60);
    static final Duration DEFAULT_LIFE = Duration.ofMinutes(5);

    private record Session(String value, Duration life) {
    }

    private final Cache<String, Session> sessions;

    public ProviderSessions() {
        this(Ticker.systemTicker());
    }

    ProviderSessions(Ticker ticker) {
        sessions = Caffeine.newBuilder().maximumSize(1_000).ticker(ticker)
                .expireAfter(Expiry.<String, Session>creating((key, session) -> session.life())).build();
    }

    public void lookup(Exchange exchange) {
        Session session = sessions.getIfPresent(key(exchange));
        if (session != null) {
            exchange.setProperty(PaymentProperties.PROVIDER_SESSION, session.value());
        } else {
            exchange.removeProperty(PaymentProperties.PROVIDER_SESSION);
        }
    }

    public void keep(Exchange exchange) {
        String value = exchange.getProperty(PaymentProperties.PROVIDER_SESSION, String.class);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("the connector kept no " + PaymentProperties.PROVIDER_SESSION);
        }
        Long seconds = exchange.getProperty(PaymentProperties.PROVIDER_SESSION_SECONDS, Long.class);
        Duration life = seconds == null || seconds <= 0 ? DEFAULT_LIFE : Duration.ofSeconds(seconds);
        // A short-lived token is kept for half its life rather than not at all.
        Duration kept = life.compareTo(MARGIN.multipliedBy(2)) > 0 ? life.minus(MARGIN) : life.dividedBy(2);
        sessions.put(key(exchange), new Session(value, kept));
    }

    public void forget(Exchange exchange) {
        sessions.invalidate(key(exchange));
    }

    private static String key(Exchange exchange) {
        String provider = exchange.getProperty(PaymentProperties.PROVIDER, String.class);
        if (provider == null) {
            throw new IllegalStateException("no " + PaymentProperties.PROVIDER + " to keep a session for");
        }
        return provider + (Boolean.TRUE.equals(exchange.getProperty(PaymentProperties.LIVEMODE, Boolean.class))
                ? ":live" : ":test");
    }
}
