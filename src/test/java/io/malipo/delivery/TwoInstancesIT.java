package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.MalipoApplication;
import io.malipo.common.web.Ports;
import io.malipo.merchant.CredentialCache;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.Shop;
import io.malipo.testsupport.TestDatabase;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.quartz.JobExecutionContext;
import org.quartz.JobKey;
import org.quartz.Scheduler;
import org.quartz.impl.matchers.KeyMatcher;
import org.quartz.listeners.JobListenerSupport;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two Malipo instances on one database, as in production behind a load balancer: one takes over
 * what the other left (a restart), they never send one callback twice at once, a clustered job
 * runs on one of them each time it fires, and a key revoked through one is refused by both.
 */
class TwoInstancesIT extends PostgresIT {

    /** The routes that start sending: the poll, and the nudge after each commit. */
    private static final List<String> DISPATCH = List.of("delivery-dispatch", "delivery-dispatch-now");
    private static final JobKey EXPIRE_ORDERS = JobKey.jobKey("expire-orders", "checkout");
    private static ConfigurableApplicationContext second;

    @Autowired
    CamelContext camel;
    @Autowired
    Scheduler scheduler;
    private CallbackReceiver receiver;
    private Shop shop;

    @BeforeEach
    void shop() {
        receiver = new CallbackReceiver();
        shop = new Shop(checkoutMerchant(), jdbc, receiver.url());
    }

    @AfterEach
    void cleanUp() throws Exception {
        receiver.close();
        dispatching(camel, true);
        if (second != null) {
            dispatching(second.getBean(CamelContext.class), true);
        }
    }

    private static void dispatching(CamelContext instance, boolean on) throws Exception {
        for (String route : DISPATCH) {
            if (on) {
                instance.getRouteController().startRoute(route);
            } else {
                instance.getRouteController().stopRoute(route);
            }
        }
    }

    @AfterAll
    static void stopSecond() {
        if (second != null) {
            second.close();
        }
    }

    @Test
    void callbacksLeftPendingOrHalfSentByAStoppedInstanceAreDeliveredByTheNextOne() throws Exception {
        // Only this instance, not dispatching: as if it had stopped.
        stopSecond();
        second = null;
        dispatching(camel, false);
        UUID waiting = shop.paidOrder("R-1");
        UUID halfSent = shop.paidOrder("R-2");
        // As an instance leaves a row it claimed when it stops in the middle of sending.
        jdbc.update("UPDATE delivery SET status = 'DELIVERING', attempts = 1, claimed_by = 'gone:1', "
                + "claimed_until = now() - interval '1 second' WHERE id = ?", halfSent);
        assertThat(receiver.received()).isEmpty();

        // The next instance starts on the same database.
        secondInstance();

        Await.until("both callbacks", () -> delivered(waiting) && delivered(halfSent));
        assertThat(receiver.receivedFor("R-1")).hasSize(1);
        assertThat(receiver.receivedFor("R-2")).hasSize(1);
        assertThat(receiver.receivedFor("R-1").get(0).digestVerifies(shop.client.secret)).isTrue();
    }

    @Test
    void twoInstancesDispatchingTogetherSendEachCallbackOnce() throws Exception {
        CamelContext other = secondInstance().getBean(CamelContext.class);
        dispatching(camel, false);
        dispatching(other, false);
        List<UUID> deliveries = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            deliveries.add(shop.paidOrder("D-" + i));
        }

        dispatching(camel, true);
        dispatching(other, true);

        Await.until("every callback", () -> deliveries.stream().allMatch(this::delivered));
        for (int i = 0; i < 12; i++) {
            assertThat(receiver.receivedFor("D-" + i)).as("callbacks of D-" + i).hasSize(1);
        }
        assertThat(jdbc.queryForObject("SELECT count(*) FROM delivery_attempt a JOIN delivery d ON d.id = "
                + "a.delivery_id WHERE d.merchant_id = CAST(? AS UUID)", Integer.class, shop.merchantId()))
                .isEqualTo(12);
        // Attempts that end together are recorded together: each row and its own entry all the same.
        assertThat(jdbc.queryForList("SELECT d.status, d.last_status, d.claimed_by, a.status_code, a.attempt, "
                + "d.delivered_at = a.attempted_at AND d.next_attempt_at = a.attempted_at AS finished_then "
                + "FROM delivery d JOIN delivery_attempt a ON a.delivery_id = d.id "
                + "WHERE d.merchant_id = CAST(? AS UUID)", shop.merchantId()))
                .hasSize(12)
                .allSatisfy(row -> assertThat(row).containsEntry("status", "DELIVERED").containsEntry("last_status", 200)
                        .containsEntry("claimed_by", null).containsEntry("status_code", 200).containsEntry("attempt", 1)
                        .containsEntry("finished_then", true));
    }

    @Test
    void aClusteredJobRunsOnOneInstanceEachTimeItFires() throws Exception {
        Scheduler other = secondInstance().getBean(Scheduler.class);
        Map<String, String> runs = new ConcurrentHashMap<>();
        List<String> twice = new CopyOnWriteArrayList<>();
        record(scheduler, "first", runs, twice);
        record(other, "second", runs, twice);

        // Fired here while this scheduler stands by: the shared store hands it to the other one.
        scheduler.standby();
        try {
            scheduler.triggerJob(EXPIRE_ORDERS);
            Await.until("the other instance to run it", () -> manualRuns(runs) == 1);
            assertThat(runs.values()).containsOnly("second");
        } finally {
            scheduler.start();
        }
        for (int i = 0; i < 4; i++) {
            scheduler.triggerJob(EXPIRE_ORDERS);
            other.triggerJob(EXPIRE_ORDERS);
        }

        Await.until("eight more runs", () -> manualRuns(runs) == 9);
        assertThat(twice).isEmpty();
    }

    @Test
    void aTokenIssuedByOneInstanceWorksOnTheOtherUntilItsKeyIsRevokedOnEither() throws Exception {
        ConfigurableApplicationContext other = secondInstance();
        Http there = new Http("http://127.0.0.1:" + other.getEnvironment().getProperty(Ports.PUBLIC_PORT_PROPERTY));
        ApiMerchant merchant = ApiMerchant.create(http, admin);
        String token = merchant.token();

        assertThat(there.bearer(token).get("/api/v1/payments").status()).isEqualTo(200);

        assertThat(admin.post("/admin/v1/api-keys/" + merchant.keyId + "/revoke", "").status()).isEqualTo(200);
        // The instance that revoked it refuses it at once; the other one within the promised bound,
        // however late PostgreSQL's notification reaches it.
        assertThat(http.bearer(token).get("/api/v1/payments").status()).isEqualTo(401);
        Await.past(CredentialCache.CHANGE_BOUND);

        Http.Response refused = there.bearer(token).get("/api/v1/payments");
        assertThat(refused.status()).as(refused.body()).isEqualTo(401);
        assertThat(refused.header("WWW-Authenticate")).isPresent();
    }

    // --- helpers

    /** Runs of triggers fired by triggerJob, which Quartz names MT_...; the cron trigger may fire too. */
    private static long manualRuns(Map<String, String> runs) {
        return runs.keySet().stream().filter(k -> k.startsWith("MT_")).count();
    }

    /** Notes each run of expire-orders by its trigger and fire time; a second run of one firing is noted apart. */
    private static void record(Scheduler scheduler, String instance, Map<String, String> runs, List<String> twice)
            throws Exception {
        String name = "runs-" + instance + "-" + UUID.randomUUID();
        scheduler.getListenerManager().addJobListener(new JobListenerSupport() {
            @Override
            public String getName() {
                return name;
            }

            @Override
            public void jobToBeExecuted(JobExecutionContext context) {
                String firing = context.getTrigger().getKey().getName() + "@" + context.getScheduledFireTime()
                        .getTime();
                if (runs.putIfAbsent(firing, instance) != null) {
                    twice.add(firing + " on " + instance);
                }
            }
        }, KeyMatcher.keyEquals(EXPIRE_ORDERS));
    }

    private boolean delivered(UUID delivery) {
        return "DELIVERED".equals(jdbc.queryForObject("SELECT status FROM delivery WHERE id = ?", String.class,
                delivery));
    }

    /** The second instance: the same application on the same database, started once for this class. */
    private static ConfigurableApplicationContext secondInstance() throws Exception {
        if (second == null) {
            Map<String, Object> properties = new HashMap<>();
            properties.put("spring.datasource.url", TestDatabase.url());
            properties.put("spring.datasource.username", TestDatabase.user());
            properties.put("spring.datasource.password", TestDatabase.password());
            properties.put("malipo.admin-token", ADMIN_TOKEN);
            properties.put("malipo.master-key", MASTER_KEY);
            properties.put("malipo.data-dir", Files.createTempDirectory("malipo-second").toString());
            properties.put("malipo.delivery.poll-interval", "200ms");
            properties.put("malipo.delivery.quick-retry-delay-ms", "100");
            properties.put("malipo.delivery.allow-loopback", "true");
            properties.put("server.port", "0");
            // An idle scheduler looks for triggers another instance stored every 30 s by default.
            properties.put("spring.quartz.properties.org.quartz.scheduler.idleWaitTime", "1000");
            // As arguments: they rank above application.yaml, as the test's own properties do.
            second = new SpringApplicationBuilder(MalipoApplication.class).profiles("postgres")
                    .run(properties.entrySet().stream().map(p -> "--" + p.getKey() + "=" + p.getValue())
                            .toArray(String[]::new));
        }
        return second;
    }
}
