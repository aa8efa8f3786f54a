package io.malipo.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.faults.WalletLoad.Ack;
import io.malipo.faults.WalletLoad.Target;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.ChildProcesses;
import io.malipo.testsupport.MalipoProcess;
import io.malipo.testsupport.Shop;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Two Malipo instances on one database, as behind a load balancer, one killed with SIGKILL in
 * the middle of the load: the survivor takes over what the dead one left, the callbacks it had
 * claimed once their claims lapse, the payments it had pushed by asking the provider, and the
 * clustered Quartz jobs keep firing on the survivor alone.
 */
class InstanceCrashFaultIT {

    private static final String RECONCILE = "reconcile-payments";

    @RegisterExtension
    static final ChildProcesses processes = new ChildProcesses();

    @Test
    void theSurvivorFinishesWhatAnInstanceKilledUnderLoadLeftAndItsJobsKeepFiring() {
        String database = processes.database("faults-instance-crash");
        JdbcTemplate jdbc = FaultSettings.jdbc(database);
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            // A merchant slow to answer, so the instances have callbacks under way when one dies.
            receiver.answerAfter(Duration.ofMillis(300));
            MalipoProcess dying = processes.add(FaultSettings.malipo("instance-a", database).build());
            MalipoProcess survivor = processes.add(FaultSettings.malipo("instance-b", database).build());
            // One after the other: started at once on a new database, one of the two can fail to
            // start, both scheduling the same clustered Quartz job ("Trigger could not be found").
            dying.startHealthy();
            survivor.startHealthy();
            CheckoutClient viaDying = dying.onboardCheckoutMerchant("Duka la Mjini");
            CheckoutClient viaSurvivor = new CheckoutClient(survivor.http(), Clock.systemUTC(), viaDying.vendor,
                    viaDying.apiKey, viaDying.secret);
            Target a = new Target(dying.name(), new Shop(viaDying, jdbc, receiver.url()));
            Target b = new Target(survivor.name(), new Shop(viaSurvivor, jdbc, receiver.url()));
            Books books = new Books(jdbc, viaDying.vendor);
            Set<Long> reconciliations = new ConcurrentSkipListSet<>();

            WalletLoad load = new WalletLoad("I", 4, List.of(a, b)).start();
            Await.until("both instances to take payments", Duration.ofSeconds(60),
                    () -> acknowledgedBy(load, dying) >= 30 && acknowledgedBy(load, survivor) >= 30);
            // Callbacks now wait at the receiver, so one the dying instance has claimed is surely
            // still under way when it dies: claimed for 300 ms, it cannot be one finishing.
            receiver.hold();
            Map<String, Instant> firstSeen = new ConcurrentHashMap<>();
            Await.until(dying.name() + " to have a callback under way", Duration.ofSeconds(30), () -> {
                Instant now = Instant.now();
                return claimedIds(jdbc, dying).stream().anyMatch(id -> firstSeen.computeIfAbsent(id, i -> now)
                        .isBefore(now.minusMillis(300)));
            });
            List<String> schedulers = schedulers(jdbc);
            dying.kill();
            Instant killed = Instant.now();
            load.sendTo(List.of(b));
            receiver.release();

            List<String> claimed = claimedIds(jdbc, dying);
            Set<String> inFlight = load.payments().values().stream()
                    .filter(p -> p.instance().equals(dying.name())).map(Ack::transid)
                    .filter(t -> "PENDING".equals(paymentStatus(jdbc, t))).collect(Collectors.toSet());
            int firing = jdbc.queryForObject("SELECT count(*) FROM qrtz_fired_triggers", Integer.class);
            System.out.printf("instance-crash: killed %s (pid %d, SIGKILL) after %d payments through it and %d "
                    + "through %s; it left %d callbacks claimed, %d payments in flight, %d Quartz firings under way "
                    + "in the cluster%n", dying.name(), dying.pid(), acknowledgedBy(load, dying),
                    acknowledgedBy(load, survivor), survivor.name(), claimed.size(), inFlight.size(), firing);

            int paymentsBefore = load.paymentsAcknowledged();
            Await.until("20 more payments through " + survivor.name(), Duration.ofSeconds(30),
                    () -> load.paymentsAcknowledged() >= paymentsBefore + 20);
            load.close();

            Await.until("the survivor to send the callbacks the dead instance had claimed", Duration.ofSeconds(60),
                    () -> claimed.stream().allMatch(id -> "DELIVERED".equals(deliveryStatus(jdbc, id))));
            Duration callbacksDone = Duration.between(killed, Instant.now());
            Await.until("the survivor to settle the payments the dead instance had pushed", Duration.ofSeconds(60),
                    () -> inFlight.stream().noneMatch(t -> "PENDING".equals(paymentStatus(jdbc, t))));
            Duration paymentsDone = Duration.between(killed, Instant.now());
            Await.until("the dead instance to leave the Quartz cluster", Duration.ofSeconds(60),
                    () -> schedulers(jdbc).size() == schedulers.size() - 1);
            Duration clusterDone = Duration.between(killed, Instant.now());
            Instant alone = Instant.now();
            Await.until("reconcile-payments to fire three times on the survivor alone", Duration.ofSeconds(30),
                    () -> firedSince(jdbc, alone, reconciliations) >= 3);
            long firedAlone = firedSince(jdbc, alone, reconciliations);
            Await.until("every payment to be settled or failed and called back", Duration.ofSeconds(60),
                    () -> books.payments("PENDING") == 0 && books.allDelivered()
                            && Books.calledBack(receiver).containsAll(books.settledTransids()));
            Duration everythingDone = Duration.between(killed, Instant.now());

            Set<String> settled = books.settledTransids();
            Set<String> calledBack = Books.calledBack(receiver);
            System.out.printf("instance-crash: %s sent the %d claimed callbacks %d ms after the kill and settled "
                    + "the %d payments in flight %d ms after it; the dead instance left the Quartz cluster after "
                    + "%d ms%n", survivor.name(), claimed.size(), callbacksDone.toMillis(), inFlight.size(),
                    paymentsDone.toMillis(), clusterDone.toMillis());
            System.out.printf("instance-crash: Quartz instances %d before the kill, %d after; reconcile-payments "
                    + "fired %d times on %s alone in the next %d ms%n", schedulers.size(), schedulers(jdbc).size(),
                    firedAlone, survivor.name(), Duration.between(alone, Instant.now()).toMillis());
            System.out.printf("instance-crash: answers %s, no answer %d%n", load.statuses(), load.noAnswer());
            System.out.printf("instance-crash: orders acknowledged %d, found %d; payments acknowledged %d, found "
                    + "%d (by status %s)%n", load.ordersAcknowledged(),
                    books.ordersFound(load.orders().keySet()).size(), load.paymentsAcknowledged(),
                    books.paymentsFound(load.payments().keySet()).size(), books.payments());
            System.out.printf("instance-crash: settled %d, called back %d, duplicate callbacks %d; orders settled "
                    + "twice %d, ledger sum %s; all done %d ms after the kill%n", settled.size(),
                    settled.stream().filter(calledBack::contains).count(), Books.duplicates(receiver),
                    books.ordersSettledTwice().size(), books.ledgerSum().toPlainString(), everythingDone.toMillis());

            assertThat(claimed).as("callbacks the dead instance had claimed").isNotEmpty();
            assertThat(books.ordersFound(load.orders().keySet())).as("acknowledged orders in the database")
                    .containsExactlyInAnyOrderElementsOf(load.orders().keySet());
            assertThat(books.paymentsFound(load.payments().keySet()))
                    .as("acknowledged wallet-payments with a payment")
                    .containsExactlyInAnyOrderElementsOf(load.payments().keySet());
            assertThat(calledBack).as("callbacks received").containsAll(settled);
            assertThat(books.ordersSettledTwice()).as("orders with more than one SUCCEEDED payment").isEmpty();
            assertThat(books.settledNotPostedOnce()).as("settled payments not posted exactly once").isEmpty();
            assertThat(books.ledgerSum()).as("the ledger's sum").isZero();
            assertThat(books.unbalancedPostings()).as("postings that do not balance").isZero();
            assertThat(survivor.healthy()).as(survivor.name() + " health").isTrue();
        }
    }

    private static long acknowledgedBy(WalletLoad load, MalipoProcess instance) {
        return load.payments().values().stream().filter(p -> p.instance().equals(instance.name())).count();
    }

    /** Callbacks the instance has claimed and is sending. */
    private static List<String> claimedIds(JdbcTemplate jdbc, MalipoProcess instance) {
        return jdbc.queryForList("SELECT CAST(id AS VARCHAR) FROM delivery WHERE status = 'DELIVERING' "
                + "AND claimed_by LIKE ?", String.class, instance.pid() + "@%");
    }

    private static String deliveryStatus(JdbcTemplate jdbc, String id) {
        return jdbc.queryForObject("SELECT status FROM delivery WHERE id = CAST(? AS UUID)", String.class, id);
    }

    private static String paymentStatus(JdbcTemplate jdbc, String transid) {
        return jdbc.queryForList("SELECT status FROM payment WHERE transid = ?", String.class, transid).stream()
                .findFirst().orElse(null);
    }

    /** The Quartz schedulers that check in to the cluster. */
    private static List<String> schedulers(JdbcTemplate jdbc) {
        return jdbc.queryForList("SELECT instance_name FROM qrtz_scheduler_state", String.class);
    }

    /** Notes the latest firing of reconcile-payments; answers how many were seen after {@code since}. */
    private static long firedSince(JdbcTemplate jdbc, Instant since, Set<Long> firings) {
        jdbc.queryForList("SELECT prev_fire_time FROM qrtz_triggers WHERE trigger_name = ?", Long.class, RECONCILE)
                .stream().filter(t -> t != null && t > 0).forEach(firings::add);
        return firings.stream().filter(t -> t > since.toEpochMilli()).count();
    }
}
