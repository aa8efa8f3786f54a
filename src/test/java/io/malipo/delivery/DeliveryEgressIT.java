package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.HostileReceiver;
import io.malipo.testsupport.HostileReceiver.Behaviour;
import io.malipo.testsupport.Outbox;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Receivers that misbehave cost Malipo a bounded amount and nobody else anything: an endless
 * answer is read to 4 KB, a dripping or silent one is cut at the attempt's deadline (2 s here),
 * one host gets at most per-target attempts at once, and every other merchant's deliveries go out
 * meanwhile. A claim outlasts the attempt it covers, so nothing is sent twice while it runs.
 */
@DirtiesContext
class DeliveryEgressIT extends PostgresIT {

    @DynamicPropertySource
    static void ownDatabase(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("delivery-egress"));
    }

    @Autowired
    CamelContext camel;
    @Autowired
    DeliveryProperties properties;

    private CheckoutClient shop;
    private Outbox outbox;

    @BeforeEach
    void shop() {
        shop = checkoutMerchant();
        outbox = new Outbox(camel, jdbc, clock);
    }

    @Test
    void anEndlessAnswerIsReadOnlyAsFarAsItsStatus() {
        try (HostileReceiver ok = new HostileReceiver(Behaviour.ENDLESS_200, 0);
                HostileReceiver failing = new HostileReceiver(Behaviour.ENDLESS_500, 0)) {
            UUID delivered = outbox.enqueue(shop, false, ok.url("127.0.0.1"));
            UUID refused = outbox.enqueue(shop, false, failing.url("localhost"));

            outbox.awaitStatus(delivered, "DELIVERED");
            Await.until("the 500 to be recorded", () -> "PENDING".equals(outbox.status(refused))
                    && outbox.lastError(refused) != null);

            assertThat(outbox.lastError(refused)).isEqualTo("HTTP 500");
            assertThat(longestAttemptMs(delivered)).as("the answer was not read to its end").isLessThan(2000);
            System.out.printf("endless answers: delivered after reading its status; the 500 receiver wrote %d KB "
                    + "before being cut off%n", failing.bytesWritten() / 1024);
        }
    }

    @Test
    void aDrippingOrSilentReceiverIsCutAtTheDeadlineAndRetriedLater() {
        try (HostileReceiver drip = new HostileReceiver(Behaviour.DRIP, 500);
                HostileReceiver silent = new HostileReceiver(Behaviour.SILENT, 0)) {
            UUID dripping = outbox.enqueue(shop, false, drip.url("127.0.0.1"));
            UUID quiet = outbox.enqueue(shop, false, silent.url("localhost"));

            for (UUID delivery : List.of(dripping, quiet)) {
                Await.until("the attempt to end", Duration.ofSeconds(30), () -> "PENDING".equals(outbox.status(delivery))
                        && outbox.lastError(delivery) != null);
                assertThat(outbox.lastError(delivery)).contains("no complete answer within 2 s");
                // Each try of the attempt is cut at its 2 s deadline, whatever the socket timeout.
                assertThat(longestAttemptMs(delivery)).isBetween(2000L * (properties.quickRetries() + 1),
                        2000L * (properties.quickRetries() + 1) + 3000);
            }
        }
    }

    @Test
    void oneSlowHostHoldsAtMostItsPerTargetSendersWhileEveryoneElsesDeliveriesGoOut() throws Exception {
        try (HostileReceiver slow = new HostileReceiver(Behaviour.SILENT, 0);
                CallbackReceiver good = new CallbackReceiver()) {
            // A backlog for the slow host, due before anything else: it must not stand in the way.
            List<UUID> slowOnes = outbox.backlog(shop, slow.url("127.0.0.1"), 300);
            Await.until("the slow host's first attempts", () -> slow.requests() > 0);
            Instant start = Instant.now();
            List<UUID> goodOnes = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                goodOnes.add(outbox.enqueue(shop, false, good.url().replace("127.0.0.1", "localhost")));
            }

            goodOnes.forEach(d -> outbox.awaitStatus(d, "DELIVERED"));
            Duration goodTook = Duration.between(start, Instant.now());

            // One slow attempt takes four tries of 2 s; the good receiver waits for none of them.
            assertThat(goodTook).as("the good receiver waits for no slow attempt").isLessThan(Duration.ofSeconds(4));
            assertThat(slow.mostConnectionsAtOnce()).isLessThanOrEqualTo(properties.perTarget());
            assertThat(slowOnes.stream().filter(d -> "DELIVERING".equals(outbox.status(d))).count())
                    .isLessThanOrEqualTo(properties.perTarget());
            System.out.printf("one silent host with a backlog of 300: 10 others delivered in %d ms; the silent host "
                    + "held at most %d connections%n", goodTook.toMillis(), slow.mostConnectionsAtOnce());
            // The backlog would keep this host busy for the tests after this one.
            jdbc.update("UPDATE delivery SET status = 'FAILED' WHERE status = 'PENDING' AND target_host = '127.0.0.1'");
        }
    }

    @Test
    void aClaimOutlastsTheLongestAttemptItCovers() {
        try (HostileReceiver silent = new HostileReceiver(Behaviour.SILENT, 0)) {
            UUID delivery = outbox.enqueue(shop, false, silent.url("127.0.0.1"));
            Await.until("the claim", () -> "DELIVERING".equals(outbox.status(delivery)));

            OffsetDateTime claimedUntil = jdbc.queryForObject("SELECT claimed_until FROM delivery WHERE id = ?",
                    OffsetDateTime.class, delivery);
            Duration longest = properties.attemptTimeout().multipliedBy(properties.quickRetries() + 1L);
            assertThat(Duration.between(OffsetDateTime.now(clock), claimedUntil)).isGreaterThan(longest);
            assertThat(jdbc.queryForObject("SELECT next_attempt_at FROM delivery WHERE id = ?", OffsetDateTime.class,
                    delivery)).as("next due when the claim lapses, should the attempt never end").isEqualTo(claimedUntil);

            Await.until("the attempt to end", Duration.ofSeconds(30), () -> "PENDING".equals(outbox.status(delivery)));
            assertThat(silent.requests()).as("one attempt, one request per try, never a second sender")
                    .isEqualTo(properties.quickRetries() + 1);
            assertThat(jdbc.queryForObject("SELECT count(*) FROM delivery_attempt WHERE delivery_id = ?", Integer.class,
                    delivery)).isEqualTo(1);
        }
    }

    private long longestAttemptMs(UUID delivery) {
        return jdbc.queryForObject("SELECT max(duration_ms) FROM delivery_attempt WHERE delivery_id = ?", Long.class,
                delivery);
    }
}
