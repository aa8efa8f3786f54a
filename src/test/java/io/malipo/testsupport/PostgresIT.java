package io.malipo.testsupport;

import io.malipo.MalipoApplication;
import io.malipo.common.web.Ports;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.Primary;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the integration tests: the whole application on a random port, on the production
 * profile, against this run's PostgreSQL database, with metrics exported as in production.
 * Subclasses that add nothing share one application context.
 */
@AutoConfigureObservability
@SpringBootTest(classes = MalipoApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        // The receivers of these tests listen on this machine (a subclass may say otherwise).
        // Spring keeps each test context alive for the next test class that can use it: its pool
        // shrinks back when idle, so the contexts together stay under the server's 100 clients.
        properties = {"malipo.delivery.allow-loopback=true", "malipo.delivery.attempt-timeout=2s",
                "spring.datasource.hikari.minimum-idle=2", "spring.datasource.hikari.idle-timeout=10000"})
@ActiveProfiles("postgres")
@Import(PostgresIT.TestBeans.class)
public abstract class PostgresIT {

    public static final String ADMIN_TOKEN = "test-admin-token-0123456789abcdef";
    public static final String METRICS_TOKEN = "test-metrics-token-0123456789";
    /** 32 bytes of test key, Base64. */
    public static final String MASTER_KEY = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    /** Where live M-Pesa is configured in tests: a port nothing listens on. */
    public static final String DOWN_PROVIDER = "http://127.0.0.1:9";

    /** The public port: the API listener's when it has one, else the servlet container's. */
    @Value("${" + Ports.PUBLIC_PORT_PROPERTY + "}")
    protected int port;
    @Autowired
    protected MutableClock clock;
    @Autowired
    protected JdbcTemplate jdbc;
    @Autowired
    protected RecordedInvitations invitations;
    protected Http http;
    protected Http admin;

    @DynamicPropertySource
    static void database(DynamicPropertyRegistry registry) {
        // A test with a database of its own sets malipo.test.database-url (TestDatabase.separate).
        registry.add("spring.datasource.url", () -> "${malipo.test.database-url:" + TestDatabase.url() + "}");
        registry.add("spring.datasource.username", TestDatabase::user);
        registry.add("spring.datasource.password", TestDatabase::password);
        registry.add("malipo.admin-token", () -> ADMIN_TOKEN);
        registry.add("malipo.metrics-token", () -> METRICS_TOKEN);
        registry.add("malipo.master-key", () -> MASTER_KEY);
        // Faster than production, so the suite does not wait on timers.
        // A test that needs the sandbox slower sets malipo.test.sandbox-delay: of two dynamic
        // properties with one name, this base class's would win.
        registry.add("malipo.channels.sandbox-delay", () -> "${malipo.test.sandbox-delay:200ms}");
        registry.add("malipo.delivery.poll-interval", () -> "200ms");
        registry.add("malipo.delivery.quick-retry-delay-ms", () -> "100");
        registry.add("malipo.pages.status-poll", () -> "250ms");

        // A live endpoint for one provider, on a port nothing listens on: the provider is down
        // (unless a test sets malipo.test.mpesa-live-url to a fake of it).
        registry.add("malipo.channels.providers.mpesa-tz.live-url",
                () -> "${malipo.test.mpesa-live-url:" + DOWN_PROVIDER + "}");
        registry.add("malipo.token-api.tokens-per-minute", () -> "20");
    }

    @BeforeEach
    void clients() {
        http = new Http("http://localhost:" + port);
        admin = http.bearer(ADMIN_TOKEN);
    }

    @AfterEach
    void resetClock() {
        clock.reset();
    }

    /** A new merchant with checkout credentials, verified unless told otherwise, and a client that signs for it. */
    protected CheckoutClient checkoutMerchant(boolean livemode, boolean verified) {
        String merchant = admin.post("/admin/v1/merchants", "{\"name\": \"Duka la Mama\", \"email\": \"mama@duka.co.tz\"}")
                .json().get("id").asText();
        if (verified) {
            admin.post("/admin/v1/merchants/" + merchant + "/verify", "");
        }
        var credential = admin.post("/admin/v1/merchants/" + merchant + "/checkout-credentials",
                "{\"livemode\": " + livemode + "}").json();
        String vendor = admin.get("/admin/v1/merchants/" + merchant).json().get("vendor").asText();
        return new CheckoutClient(http, clock, vendor, credential.get("api_key").asText(),
                credential.get("api_secret").asText());
    }

    /** A new merchant, unverified, with nothing else; its id. */
    protected String onboardMerchant() {
        return admin.post("/admin/v1/merchants", "{\"name\": \"Duka la Mama\", \"email\": \"mama@duka.co.tz\"}")
                .json().get("id").asText();
    }

    protected CheckoutClient checkoutMerchant() {
        return checkoutMerchant(false, true);
    }

    @TestConfiguration(proxyBeanMethods = false)
    public static class TestBeans {

        @Bean
        @Primary
        MutableClock testClock() {
            return new MutableClock();
        }

        @Bean
        RecordedInvitations invitationLetters() {
            return new RecordedInvitations();
        }
    }
}
