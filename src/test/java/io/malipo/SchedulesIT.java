package io.malipo;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.TriggerKey;
import org.springframework.beans.factory.annotation.Autowired;

/** The timed work of routes/schedules.yaml, each route fired by its clustered Quartz trigger. */
class SchedulesIT extends PostgresIT {

    private static final JobKey FORGET_SECRETS = JobKey.jobKey("forget-replaced-secrets", "housekeeping");

    @Autowired
    Scheduler scheduler;
    @Autowired
    CamelContext camel;

    @Test
    void theRouteFileIsLoadedAndItsTriggersLiveInTheClusteredJdbcStore() throws Exception {
        for (String route : new String[] {"schedule-expire-orders", "schedule-reconcile-payments",
                "schedule-forget-replays", "schedule-forget-replaced-secrets", "schedule-forget-idempotency-keys",
                "schedule-forget-provider-notifications"}) {
            assertThat(camel.getRoute(route)).as(route).isNotNull();
        }
        assertThat(scheduler.getMetaData().isJobStoreClustered()).isTrue();
        assertThat(scheduler.getMetaData().getJobStoreClass().getSimpleName()).isEqualTo("LocalDataSourceJobStore");
        assertThat(jdbc.queryForObject("SELECT cron_expression FROM qrtz_cron_triggers WHERE trigger_name = ?",
                String.class, "forget-replaced-secrets")).isEqualTo("0 7/15 * * * ?");
        assertThat(scheduler.getTrigger(TriggerKey.triggerKey("forget-replaced-secrets", "housekeeping")))
                .isNotNull();
    }

    @Test
    void noJobStartsWhileItsPreviousRunIsStillGoingOnAnyInstance() throws Exception {
        for (JobKey job : new JobKey[] {JobKey.jobKey("expire-orders", "checkout"),
                JobKey.jobKey("reconcile-payments", "channels"), JobKey.jobKey("forget-replays", "checkout"),
                FORGET_SECRETS, JobKey.jobKey("forget-idempotency-keys", "housekeeping"),
                JobKey.jobKey("forget-provider-notifications", "housekeeping")}) {
            assertThat(scheduler.getJobDetail(job).isConcurrentExecutionDisallowed()).as(job.toString()).isTrue();
        }
    }

    @Test
    void replacedSecretsAreForgottenOnceTheirGraceEndsAndNotBefore() throws Exception {
        String merchant = admin.post("/admin/v1/merchants", "{\"name\": \"Tidy\", \"email\": \"t@shop.co.tz\"}")
                .json().get("id").asText();
        UUID shortGrace = rotatedApiKey(merchant, 1);
        UUID longGrace = rotatedApiKey(merchant, 60);
        UUID credential = UUID.fromString(admin.post("/admin/v1/merchants/" + merchant + "/checkout-credentials", "{}")
                .json().get("id").asText());
        admin.post("/admin/v1/checkout-credentials/" + credential + "/rotate", "{\"grace_minutes\": 1}");

        clock.advance(Duration.ofMinutes(2));
        fire(FORGET_SECRETS, () -> jdbc.queryForObject("SELECT previous_secret_hash FROM api_key WHERE id = ?",
                String.class, shortGrace) == null);

        assertThat(jdbc.queryForObject("SELECT previous_secret_sealed FROM checkout_credential WHERE id = ?",
                String.class, credential)).isNull();
        Map<String, Object> kept = jdbc.queryForMap("SELECT * FROM api_key WHERE id = ?", longGrace);
        assertThat(kept.get("previous_secret_hash")).isNotNull();
        assertThat(kept.get("previous_valid_until")).isNotNull();
    }

    @Test
    void theExpirySweepCancelsOrdersWhoseTimeIsUpAndNoOthers() throws Exception {
        CheckoutClient shop = checkoutMerchant();
        for (String[] order : new String[][] {{"X-5", "5"}, {"X-60", "60"}}) {
            assertThat(shop.post("/v1/checkout/create-order", "{\"vendor\": \"" + shop.vendor + "\", \"order_id\": \""
                    + order[0] + "\", \"buyer_email\": \"a@duka.co.tz\", \"buyer_name\": \"Asha\", \"buyer_phone\": "
                    + "\"255754000001\", \"amount\": 100, \"currency\": \"TZS\", \"payment_methods\": "
                    + "\"MOBILEMONEYPULL\", \"no_of_items\": 1, \"expiry\": " + order[1] + "}").send().status())
                    .isEqualTo(200);
        }
        clock.advance(Duration.ofMinutes(6));

        fire(JobKey.jobKey("expire-orders", "checkout"), () -> orderStatus(shop, "X-5").equals("CANCELLED EXPIRED"));

        assertThat(orderStatus(shop, "X-60")).isEqualTo("PENDING null");
    }

    @Test
    void answeredCheckoutRequestsAreForgottenOnceTheyCouldNoLongerBeReplayed() throws Exception {
        CheckoutClient shop = checkoutMerchant();
        shop.get("/v1/checkout/list-orders", "fromdate=2026-01-01&todate=2026-01-02").send();
        String credential = jdbc.queryForObject("SELECT id FROM checkout_credential WHERE api_key = ?", String.class,
                shop.apiKey);
        String replays = "SELECT count(*) FROM checkout_replay WHERE credential_id = CAST(? AS UUID)";
        assertThat(jdbc.queryForObject(replays, Integer.class, credential)).isEqualTo(1);

        camel.createProducerTemplate().sendBody("direct:checkout-replays-forget", null);
        assertThat(jdbc.queryForObject(replays, Integer.class, credential)).as("still within the window").isEqualTo(1);
        clock.advance(Duration.ofMinutes(11));

        fire(JobKey.jobKey("forget-replays", "checkout"),
                () -> jdbc.queryForObject(replays, Integer.class, credential) == 0);
    }

    @Test
    void idempotencyKeysAreForgottenAfterTheirWindowAndARepeatIsThenANewRequest() throws Exception {
        ApiMerchant shop = ApiMerchant.create(http, admin);
        Http api = shop.api();
        String collection = "{\"amount\": 100, \"currency\": \"TZS\", \"msisdn\": \"255754000000\", "
                + "\"reference\": \"S-1\"}";
        assertThat(api.post("/api/v1/collections", collection, "Idempotency-Key", "k-1").status()).isEqualTo(201);
        String keys = "SELECT count(*) FROM idempotency_key WHERE merchant_id = CAST(? AS UUID)";
        assertThat(jdbc.queryForObject(keys, Integer.class, shop.id)).isEqualTo(1);

        camel.createProducerTemplate().sendBody("direct:idempotency-keys-forget", null);
        assertThat(jdbc.queryForObject(keys, Integer.class, shop.id)).as("within its 24 hours").isEqualTo(1);
        clock.advance(Duration.ofHours(25));

        fire(JobKey.jobKey("forget-idempotency-keys", "housekeeping"),
                () -> jdbc.queryForObject(keys, Integer.class, shop.id) == 0);
        clock.reset();
        Response again = shop.api().post("/api/v1/collections", collection, "Idempotency-Key", "k-1");
        assertThat(again.json().get("code").asText()).as("a new request, refused on its own merits")
                .isEqualTo("reference_reused");
    }

    @Test
    void bodiesOfProviderNotificationsAreForgottenAfterAWeek() throws Exception {
        String seen = "SELECT count(*) FROM provider_notification WHERE provider = 'schedules-test'";
        jdbc.update("INSERT INTO provider_notification (provider, body_hash, received_at) VALUES "
                + "('schedules-test', 'old', now() - INTERVAL '8 days'), ('schedules-test', 'new', now() - INTERVAL '6 days')");
        fire(JobKey.jobKey("forget-provider-notifications", "housekeeping"),
                () -> jdbc.queryForObject(seen, Integer.class) == 1);
        assertThat(jdbc.queryForObject("SELECT body_hash FROM provider_notification WHERE provider = 'schedules-test'",
                String.class)).isEqualTo("new");
    }

    /** Fires the job's Quartz trigger now and waits, with a deadline, for the effect it must have. */
    private void fire(JobKey job, BooleanSupplier done) throws Exception {
        scheduler.triggerJob(job);
        Await.until(job + " to have its effect", Duration.ofSeconds(15), done);
    }

    private String orderStatus(CheckoutClient shop, String orderId) {
        return jdbc.queryForObject("SELECT o.payment_status || ' ' || COALESCE(o.cancel_reason, 'null') "
                + "FROM checkout_order o JOIN merchant m ON m.id = o.merchant_id WHERE o.order_id = ? AND m.vendor = ?",
                String.class, orderId, shop.vendor);
    }

    private UUID rotatedApiKey(String merchant, int graceMinutes) {
        UUID id = UUID.fromString(admin.post("/admin/v1/merchants/" + merchant + "/api-keys",
                "{\"name\": \"k\", \"scopes\": [\"payments.read\"]}").json().get("id").asText());
        assertThat(admin.post("/admin/v1/api-keys/" + id + "/rotate", "{\"grace_minutes\": " + graceMinutes + "}")
                .status()).isEqualTo(201);
        return id;
    }
}
