package io.malipo.admin;

import io.malipo.common.InstanceSecrets;
import io.malipo.common.MalipoProperties;
import io.malipo.common.web.Ports;
import io.malipo.merchant.ApiKeyView;
import io.malipo.merchant.CheckoutCredentialView;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.MerchantView;
import io.malipo.merchant.NewApiKey;
import io.malipo.merchant.NewCheckoutCredential;
import io.malipo.merchant.NewMerchant;
import io.malipo.merchant.Role;
import io.malipo.merchant.Scope;
import io.malipo.merchant.TeamMembers;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.camel.CamelExecutionException;
import org.apache.camel.Exchange;
import org.apache.camel.InvalidPayloadException;
import org.apache.camel.Message;
import org.apache.camel.ProducerTemplate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The embedded default's first start: a verified demo merchant with test-mode checkout
 * credentials and an all-scopes test API key, shown once on the console with a request to
 * paste, and kept in {@code <data dir>/demo-credentials.txt} (owner-only) to be found again.
 */
@Component
public class FirstStart implements HealthIndicator {

    static final String CREDENTIALS_FILE = "demo-credentials.txt";
    private static final Logger LOG = LoggerFactory.getLogger(FirstStart.class);

    private final MalipoProperties properties;
    private final InstanceSecrets secrets;
    private final ProducerTemplate camel;
    private final TransactionTemplate transactions;
    private final TeamMembers team;
    /** Health stays DOWN until the first start's work is done, so "healthy" means ready to try. */
    private volatile boolean done;

    public FirstStart(MalipoProperties properties, InstanceSecrets secrets, ProducerTemplate camel,
            TransactionTemplate transactions, TeamMembers team) {
        this.team = team;
        this.properties = properties;
        this.secrets = secrets;
        this.camel = camel;
        this.transactions = transactions;
    }

    @Override
    public Health health() {
        return done || !properties.firstStart().demoMerchant() ? Health.up().build()
                : Health.outOfService().withDetail("reason", "creating the demo merchant").build();
    }

    @EventListener
    public void onReady(ApplicationReadyEvent event) {
        if (!properties.firstStart().demoMerchant()) {
            return;
        }
        try {
            welcome(event);
        } finally {
            done = true;
        }
    }

    private void welcome(ApplicationReadyEvent event) {
        String baseUrl = "http://localhost:" + port(event);
        Path file = properties.dataDir().resolve(CREDENTIALS_FILE);
        if (call(MerchantEndpoints.DEMO_MERCHANT_FIND, null, Map.of()).getBody() != null) {
            System.out.println();
            System.out.println("Malipo is running on " + baseUrl + ". The admin token and demo credentials are in "
                    + file + (Files.exists(file) ? "" : " (missing: it was deleted)") + ".");
            System.out.println();
            return;
        }
        // All or nothing, file included: a first start stopped half-way (Ctrl-C) must not leave a
        // demo merchant whose credentials were never shown, which the next start would not redo.
        String text = transactions.execute(tx -> {
            String created = createDemoMerchant(baseUrl, file);
            try {
                // Left by a first start stopped before it committed: it names nothing that exists.
                Files.deleteIfExists(file);
                InstanceSecrets.OwnerOnlyFiles.write(file, created);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot keep the demo credentials in " + file, e);
            }
            return created;
        });
        System.out.println();
        System.out.print(text);
        System.out.println();
        LOG.info("Created the demo merchant; its credentials are in {}", file);
    }

    private String createDemoMerchant(String baseUrl, Path file) {
        MerchantView created = call(MerchantEndpoints.MERCHANT_CREATE,
                new NewMerchant("Malipo Demo Shop", "demo@example.com"), Map.of(MerchantRoutes.DEMO, true),
                MerchantView.class);
        UUID id = created.id();
        MerchantView merchant = call(MerchantEndpoints.MERCHANT_VERIFY, null, Map.of(MerchantRoutes.MERCHANT_ID, id),
                MerchantView.class);
        CheckoutCredentialView checkout = call(MerchantEndpoints.CHECKOUT_CREDENTIAL_ISSUE,
                new NewCheckoutCredential(false), Map.of(MerchantRoutes.MERCHANT_ID, id), CheckoutCredentialView.class);
        List<String> allScopes = Arrays.stream(Scope.values()).map(Scope::value).toList();
        ApiKeyView apiKey = call(MerchantEndpoints.API_KEY_ISSUE,
                new NewApiKey("Demo key (all scopes)", false, allScopes, List.of(), null),
                Map.of(MerchantRoutes.MERCHANT_ID, id), ApiKeyView.class);

        String ownerEmail = "owner@example.com";
        String ownerPassword = team.createWithPassword(id, ownerEmail, Role.OWNER);

        boolean showToken = !secrets.adminTokenFromEnvironment();
        String token = showToken ? secrets.adminToken() : "$MALIPO_ADMIN_TOKEN";
        String rule = "=".repeat(100);
        return rule + "\n"
                + " Malipo is running on " + baseUrl + " with its embedded database in " + properties.dataDir() + "\n"
                + "\n"
                + (showToken
                        ? " Admin token (generated for this installation; keep it secret):\n   " + token + "\n"
                        : " Admin token: the one you set in MALIPO_ADMIN_TOKEN (not shown).\n")
                + "\n"
                + " Demo merchant \"" + merchant.name() + "\" (" + merchant.status() + ", test mode)\n"
                + "   merchant id          " + merchant.id() + "\n"
                + "   vendor               " + merchant.vendor() + "\n"
                + "   checkout API key     " + checkout.apiKey() + "\n"
                + "   checkout API secret  " + checkout.apiSecret() + "\n"
                + "   token API key        " + apiKey.key() + "\n"
                + "                        (scopes: " + String.join(" ", apiKey.scopes()) + ")\n"
                + "\n"
                + " Dashboard: " + baseUrl + "/dashboard  (the demo merchant's Owner; the first sign-in sets up\n"
                + " a code from an authenticator app on your phone, as Owners must)\n"
                + "   email                " + ownerEmail + "\n"
                + "   password             " + ownerPassword + "\n"
                + "\n"
                + " Try it: read the demo merchant, then onboard one of your own:\n"
                + "   curl -s " + baseUrl + "/admin/v1/merchants/" + merchant.id() + " \\\n"
                + "        -H \"Authorization: Bearer " + token + "\"\n"
                + "   curl -s -X POST " + baseUrl + "/admin/v1/merchants \\\n"
                + "        -H \"Authorization: Bearer " + token + "\" -H 'Content-Type: application/json' \\\n"
                + "        -d '{\"name\": \"Duka la Mama\", \"email\": \"payments@duka.example.com\"}'\n"
                + "\n"
                + " This is shown once. It is kept in " + file + " (readable only by you).\n"
                + rule + "\n";
    }

    private <T> T call(String endpoint, Object body, Map<String, Object> properties, Class<T> type) {
        try {
            return call(endpoint, body, properties).getMandatoryBody(type);
        } catch (InvalidPayloadException e) {
            throw new IllegalStateException("setting up the demo merchant: " + endpoint + " answered no " + type, e);
        }
    }

    private Message call(String endpoint, Object body, Map<String, Object> properties) {
        Exchange done = camel.send(endpoint, exchange -> {
            properties.forEach(exchange::setProperty);
            exchange.getIn().setBody(body);
        });
        if (done.getException() != null) {
            throw new CamelExecutionException("setting up the demo merchant failed at " + endpoint, done,
                    done.getException());
        }
        return done.getMessage();
    }

    /** The port clients reach Malipo on (the API listener's, when it has one). */
    private static int port(ApplicationReadyEvent event) {
        return event.getApplicationContext().getEnvironment().getProperty(Ports.PUBLIC_PORT_PROPERTY, Integer.class,
                8080);
    }
}
