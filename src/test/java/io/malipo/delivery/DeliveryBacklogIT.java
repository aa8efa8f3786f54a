package io.malipo.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.Outbox;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import org.apache.camel.CamelContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A backlog of callbacks to one host goes out as fast as the receiver answers: an attempt that
 * ends starts the next pass, so it does not wait for the poll, and each callback arrives once.
 * On a database of its own, so no other test's rows share the host's slots (every receiver here
 * is 127.0.0.1).
 */
@DirtiesContext
class DeliveryBacklogIT extends PostgresIT {

    private static final int BACKLOG = 40;

    @DynamicPropertySource
    static void ownDatabase(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("delivery-backlog"));
    }

    @Autowired
    CamelContext camel;
    @Autowired
    MeterRegistry meters;
    @Autowired
    DeliveryProperties properties;
    @RegisterExtension
    final CallbackReceiver receiver = new CallbackReceiver();

    @Test
    void aBacklogToOneHostDrainsWithoutThePollAndEachCallbackArrivesOnce() throws Exception {
        CheckoutClient shop = checkoutMerchant();
        Outbox outbox = new Outbox(camel, jdbc, clock);
        // No poll at all: only commits that enqueue and attempts that end start a pass.
        camel.getRouteController().stopRoute("delivery-dispatch");
        try {
            List<UUID> deliveries = new ArrayList<>(outbox.backlog(shop, receiver.url(), BACKLOG));
            // Written straight into the table, the backlog nudged nobody.
            Thread.sleep(300);
            assertThat(receiver.received()).isEmpty();
            long passesBefore = passes();

            // One callback enqueued as settlement does: its commit starts one pass.
            long start = System.nanoTime();
            deliveries.add(outbox.enqueue(shop, false, receiver.url()));

            Await.until("the backlog and the new callback", Duration.ofSeconds(10),
                    () -> delivered() == deliveries.size());
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            // Nothing more is due: no pass may follow without a reason (an attempt that ended).
            long passes = passes() - passesBefore;
            Thread.sleep(500);
            assertThat(passes() - passesBefore).as("passes once the outbox is empty").isEqualTo(passes);

            assertThat(took).as("at most %d attempts at once, without the poll", properties.perTarget())
                    .isLessThan(Duration.ofSeconds(5));
            IntStream.range(0, BACKLOG).forEach(i ->
                    assertThat(receiver.receivedFor("B-" + i)).as("callbacks of B-" + i).hasSize(1));
            assertThat(receiver.received()).hasSize(BACKLOG + 1);
            assertThat(jdbc.queryForObject("SELECT count(*) FROM delivery_attempt", Integer.class))
                    .isEqualTo(BACKLOG + 1);
            assertThat(jdbc.queryForList("SELECT DISTINCT attempts FROM delivery", Integer.class)).containsExactly(1);
            // Each pass was started by the enqueue, by an attempt that ended, or by a pass that
            // started an attempt: never more than that.
            assertThat(passes).isBetween(1L, 1L + 2L * deliveries.size());
            System.out.printf("a backlog of %d to one host: delivered in %d ms, %d passes%n", deliveries.size(),
                    took.toMillis(), passes);
        } finally {
            camel.getRouteController().startRoute("delivery-dispatch");
        }
    }

    private int delivered() {
        return jdbc.queryForObject("SELECT count(*) FROM delivery WHERE status = 'DELIVERED'", Integer.class);
    }

    /** Dispatch passes run so far, as the Camel route policy counts the route's exchanges. */
    private long passes() {
        return meters.find("camel.route.policy").tag("routeId", "delivery-dispatch-batch").timers().stream()
                .mapToLong(Timer::count).sum();
    }
}
