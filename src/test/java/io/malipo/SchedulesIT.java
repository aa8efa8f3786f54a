package io.malipo;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.PostgresIT;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.builder.NotifyBuilder;
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
        for (String route : new String[] {"schedule-expire-orders", "schedule-forget-replays",
                "schedule-forget-replaced-secrets"}) {
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
    void replacedSecretsAreForgottenOnceTheirGraceEndsAndNotBefore() throws Exception {
        String merchant = admin.post("/admin/v1/merchants", "{\"name\": \"Tidy\", \"email\": \"t@shop.co.tz\"}")
                .json().get("id").asText();
        UUID shortGrace = rotatedApiKey(merchant, 1);
        UUID longGrace = rotatedApiKey(merchant, 60);
        UUID credential = UUID.fromString(admin.post("/admin/v1/merchants/" + merchant + "/checkout-credentials", "{}")
                .json().get("id").asText());
        admin.post("/admin/v1/checkout-credentials/" + credential + "/rotate", "{\"grace_minutes\": 1}");

        clock.advance(Duration.ofMinutes(2));
        NotifyBuilder ran = new NotifyBuilder(camel).fromRoute("schedule-forget-replaced-secrets")
                .whenCompleted(1).create();
        scheduler.triggerJob(FORGET_SECRETS);

        assertThat(ran.matches(15, TimeUnit.SECONDS)).as("the route ran").isTrue();
        assertThat(jdbc.queryForObject("SELECT previous_secret_hash FROM api_key WHERE id = ?", String.class,
                shortGrace)).isNull();
        assertThat(jdbc.queryForObject("SELECT previous_secret_sealed FROM checkout_credential WHERE id = ?",
                String.class, credential)).isNull();
        Map<String, Object> kept = jdbc.queryForMap("SELECT * FROM api_key WHERE id = ?", longGrace);
        assertThat(kept.get("previous_secret_hash")).isNotNull();
        assertThat(kept.get("previous_valid_until")).isNotNull();
    }

    private UUID rotatedApiKey(String merchant, int graceMinutes) {
        UUID id = UUID.fromString(admin.post("/admin/v1/merchants/" + merchant + "/api-keys",
                "{\"name\": \"k\", \"scopes\": [\"payments.read\"]}").json().get("id").asText());
        assertThat(admin.post("/admin/v1/api-keys/" + id + "/rotate", "{\"grace_minutes\": " + graceMinutes + "}")
                .status()).isEqualTo(201);
        return id;
    }
}
