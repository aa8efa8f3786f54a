package io.malipo.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.MalipoApplication;
import io.malipo.common.web.Ports;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.AuthenticatorApp;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.quartz.Scheduler;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * README command one: Malipo on its embedded default (H2 in file mode), started the way
 * {@code ./mvnw spring-boot:run} starts it, with nothing configured but a data directory.
 */
@ExtendWith(OutputCaptureExtension.class)
class EmbeddedDefaultIT {

    @Test
    void firstStartShowsWorkingDemoCredentialsOnceAndARestartKeepsEverything(@TempDir Path workDir,
            CapturedOutput output) throws Exception {
        Path dataDir = workDir.resolve("data");
        String merchantId;
        String adminToken;
        try (ConfigurableApplicationContext first = start(dataDir)) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir))).isEqualTo("rwx------");
            assertThat(first.getBean(Scheduler.class).getMetaData().isJobStoreSupportsPersistence()).isTrue();
            assertThat(first.getBean(JdbcTemplate.class).queryForObject(
                    "SELECT count(*) FROM qrtz_cron_triggers WHERE trigger_name = 'forget-replaced-secrets'",
                    Integer.class)).isEqualTo(1);
            Path saved = dataDir.resolve("demo-credentials.txt");
            assertThat(saved).exists();
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(saved))).isEqualTo("rw-------");
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.resolve("admin-token"))))
                    .isEqualTo("rw-------");
            String credentials = Files.readString(saved);
            assertThat(output.getOut()).contains(credentials);

            adminToken = Files.readString(dataDir.resolve("admin-token")).strip();
            assertThat(credentials).contains(adminToken);
            Http admin = http(first).bearer(adminToken);
            String demoId = field(credentials, "merchant id");
            JsonNode demo = admin.get("/admin/v1/merchants/" + demoId).json();
            assertThat(demo.get("status").asText()).isEqualTo("VERIFIED");
            assertThat(demo.get("vendor").asText()).isEqualTo(field(credentials, "vendor"));
            assertThat(demo.get("checkout_credentials").get(0).get("api_key").asText())
                    .isEqualTo(field(credentials, "checkout API key")).startsWith("ck_test_");
            assertThat(field(credentials, "checkout API secret")).startsWith("cs_test_");
            assertThat(field(credentials, "token API key"))
                    .startsWith(demo.get("api_keys").get(0).get("key_prefix").asText() + "_");
            assertThat(demo.get("api_keys").get(0).get("scopes")).extracting(JsonNode::asText)
                    .containsExactly("payments.read", "payments.write", "payouts.write", "refunds.write");

            merchantId = onboard(admin);
            everyDashboardPageOpensOnH2(first, credentials);
            aSignedOrderIsAnsweredOnceAndItsReplayGetsTheSameAnswerOnH2(first, credentials);
        }

        int printedBefore = output.getOut().length();
        try (ConfigurableApplicationContext second = start(dataDir)) {
            Http admin = http(second).bearer(adminToken);
            Response kept = admin.get("/admin/v1/merchants/" + merchantId);
            assertThat(kept.status()).isEqualTo(200);
            assertThat(kept.json().get("status").asText()).isEqualTo("VERIFIED");
            assertThat(kept.json().get("checkout_credentials")).hasSize(1);
            assertThat(kept.json().get("api_keys")).hasSize(1);
            String restartOutput = output.getOut().substring(printedBefore);
            assertThat(restartOutput).contains("The admin token and demo credentials are in "
                    + dataDir.resolve("demo-credentials.txt"));
            assertThat(restartOutput).doesNotContain(adminToken).doesNotContain("checkout API secret");
        }
    }

    @Test
    void aFirstStartThatFailsPartWayLeavesNoDemoMerchantAndTheNextStartCreatesIt(@TempDir Path dataDir)
            throws IOException {
        // The credentials cannot be written (a non-empty directory holds the file's name), after the
        // merchant, its credentials and its key were inserted: all of it must roll back.
        Path blocker = dataDir.resolve("demo-credentials.txt");
        Files.createDirectories(blocker.resolve("in-the-way"));
        assertThatThrownBy(() -> start(dataDir).close()).hasStackTraceContaining("demo credentials");
        Files.delete(blocker.resolve("in-the-way"));
        Files.delete(blocker);

        try (ConfigurableApplicationContext app = start(dataDir)) {
            JdbcTemplate sql = app.getBean(JdbcTemplate.class);
            assertThat(sql.queryForObject("SELECT count(*) FROM merchant", Integer.class)).isEqualTo(1);
            assertThat(sql.queryForObject("SELECT count(*) FROM api_key", Integer.class)).isEqualTo(1);
            assertThat(sql.queryForObject("SELECT count(*) FROM checkout_credential", Integer.class)).isEqualTo(1);
            String credentials = Files.readString(blocker);
            assertThat(credentials).contains(sql.queryForObject("SELECT vendor FROM merchant", String.class));
        }
    }

    @Test
    void secretsGivenInTheEnvironmentAreNeverShownOrWritten(@TempDir Path dataDir, CapturedOutput output)
            throws IOException {
        String token = "operator-chosen-token-0123456789";
        String masterKey = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";

        try (ConfigurableApplicationContext app = start(dataDir, "--malipo.admin-token=" + token,
                "--malipo.master-key=" + masterKey)) {
            assertThat(http(app).bearer(token).post("/admin/v1/merchants",
                    "{\"name\": \"Env\", \"email\": \"e@shop.co.tz\"}").status()).isEqualTo(201);
        }

        assertThat(output.toString()).doesNotContain(token).doesNotContain(masterKey)
                .contains("the one you set in MALIPO_ADMIN_TOKEN (not shown)");
        assertThat(dataDir.resolve("admin-token")).doesNotExist();
        assertThat(dataDir.resolve("master-key")).doesNotExist();
        assertThat(Files.readString(dataDir.resolve("demo-credentials.txt"))).doesNotContain(token);
    }

    /** The onboarding flow an operator follows with the admin API; answers the merchant's id. */
    /**
     * The demo Owner signs in with the printed sign-in and sets up two factors, makes a test
     * payment, and opens every page and each shape of the payments search: each statement the
     * dashboard runs is one H2 reads too.
     */
    private static void everyDashboardPageOpensOnH2(ConfigurableApplicationContext app, String credentials)
            throws Exception {
        int port = app.getEnvironment().getProperty(Ports.PUBLIC_PORT_PROPERTY, Integer.class);
        FormBrowser owner = new FormBrowser(port).signIn(field(credentials, "email"), field(credentials, "password"));
        String secret = AuthenticatorApp.keyOn(owner.get("/dashboard/two-factor/setup").body());
        owner.post("/dashboard/two-factor/setup", "code", AuthenticatorApp.code(secret, Instant.now()));
        owner.get("/dashboard/payments/test");
        String payment = owner.post("/dashboard/payments/test", "amount", "1500", "msisdn", "0754 000 000").headers()
                .firstValue("Location").orElseThrow();
        JdbcTemplate sql = app.getBean(JdbcTemplate.class);
        Await.until("the sandbox to settle the test payment", () -> "SUCCEEDED".equals(sql.queryForObject(
                "SELECT status FROM payment", String.class)));
        String orderId = "H2-" + System.nanoTime();
        for (String page : List.of("/dashboard", payment, "/dashboard/payments", "/dashboard/payments?q=0000",
                "/dashboard/payments?q=" + orderId, "/dashboard/payments?status=SUCCEEDED",
                "/dashboard/payments?from=2020-01-01&to=2099-12-31&min=1&max=2000&channel=WALLET_PULL",
                "/dashboard/payments.csv?q=0754000000", "/dashboard/orders", "/dashboard/payouts",
                "/dashboard/developers", "/dashboard/developers/checkout-credentials", "/dashboard/developers/webhooks",
                "/dashboard/developers/providers", "/dashboard/team", "/dashboard/audit")) {
            var answer = owner.get(page);
            assertThat(answer.statusCode()).as(page).isEqualTo(200);
            assertThat(answer.body()).as(page).doesNotContain("Something went wrong");
        }
        assertThat(owner.get("/dashboard/payments.csv").body()).contains("TEST-");
    }

    private static String onboard(Http admin) {
        Response created = admin.post("/admin/v1/merchants", """
                {"name": "Duka la Mama", "email": "payments@duka.co.tz"}""");
        assertThat(created.status()).isEqualTo(201);
        String id = created.json().get("id").asText();
        assertThat(admin.post("/admin/v1/merchants/" + id + "/verify", "").status()).isEqualTo(200);
        assertThat(admin.post("/admin/v1/merchants/" + id + "/checkout-credentials", "{\"livemode\": true}").status())
                .isEqualTo(201);
        assertThat(admin.post("/admin/v1/merchants/" + id + "/api-keys",
                "{\"name\": \"shop\", \"scopes\": [\"payments.read\", \"payments.write\"]}").status()).isEqualTo(201);
        return id;
    }

    private static ConfigurableApplicationContext start(Path dataDir, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--server.port=0";
        all[1] = "--malipo.data-dir=" + dataDir;
        System.arraycopy(args, 0, all, 2, args.length);
        return new SpringApplicationBuilder(MalipoApplication.class).run(all);
    }

    /** H2 claims requests and keeps answers statement by statement, where PostgreSQL does it in one. */
    private static void aSignedOrderIsAnsweredOnceAndItsReplayGetsTheSameAnswerOnH2(ConfigurableApplicationContext app,
            String credentials) {
        CheckoutClient shop = new CheckoutClient(http(app), Clock.systemUTC(), field(credentials, "vendor"),
                field(credentials, "checkout API key"), field(credentials, "checkout API secret"));
        CheckoutClient.Request create = shop.post("/v1/checkout/create-order-minimal", "{\"vendor\": \""
                + shop.vendor + "\", \"order_id\": \"H2-1\", \"buyer_email\": \"a@duka.co.tz\", \"buyer_name\": "
                + "\"Asha\", \"buyer_phone\": \"255754000000\", \"amount\": 1000, \"currency\": \"TZS\", "
                + "\"no_of_items\": 1}").timestamp(OffsetDateTime.now(ZoneOffset.ofHours(3))
                .truncatedTo(ChronoUnit.SECONDS).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));

        Response first = create.send();
        Response replayed = create.send();

        assertThat(first.status()).as(first.body()).isEqualTo(200);
        assertThat(replayed.body()).isEqualTo(first.body());
        assertThat(shop.get("/v1/checkout/order-status", "order_id=H2-1").send().json().get("data").get(0)
                .get("payment_status").asText()).isEqualTo("PENDING");
        assertThat(app.getBean(JdbcTemplate.class).queryForObject(
                "SELECT count(*) FROM checkout_replay WHERE response_status = 200", Integer.class)).isEqualTo(2);
    }

    private static Http http(ConfigurableApplicationContext app) {
        return new Http("http://localhost:" + app.getEnvironment().getProperty(Ports.PUBLIC_PORT_PROPERTY, Integer.class));
    }

    private static String field(String credentials, String label) {
        Matcher m = Pattern.compile("^ {3}" + Pattern.quote(label) + " +(\\S+)$", Pattern.MULTILINE).matcher(credentials);
        assertThat(m.find()).as(label + " in " + credentials).isTrue();
        return m.group(1);
    }
}
