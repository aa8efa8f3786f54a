package io.malipo.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.CallbackReceiver.Received;
import io.malipo.testsupport.ChildProcesses;
import io.malipo.testsupport.MalipoProcess;
import io.malipo.testsupport.Shop;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A merchant's callback receiver that fails, then is down (its port refuses connections) while
 * Malipo is stopped and started again, then comes back on the same address: every callback
 * arrives once it is back, each at the time the delivery schedule gives it, with the same body
 * (transid, reference) it was first sent with.
 */
class ReceiverOutageFaultIT {

    private static final int ORDERS = 6;
    private static final List<Duration> SCHEDULE = Arrays.stream(FaultSettings.SCHEDULE.split(","))
            .map(w -> Duration.ofSeconds(Long.parseLong(w.replace("s", "")))).toList();
    /** Between recording one attempt and scheduling the next, and the timer's own step. */
    private static final Duration JITTER = Duration.ofMillis(100);

    @RegisterExtension
    static final ChildProcesses processes = new ChildProcesses();

    @Test
    void callbacksHeldWhileTheReceiverIsDownAcrossARestartArriveOnScheduleWhenItIsBack() {
        String database = processes.database("faults-receiver-outage");
        JdbcTemplate jdbc = FaultSettings.jdbc(database);
        int port = MalipoProcess.freePort();
        CallbackReceiver failing = new CallbackReceiver(port);
        failing.failWith(503);
        MalipoProcess malipo = processes.add(FaultSettings.malipo("receiver-outage", database).build());
        malipo.startHealthy();
        Shop shop = new Shop(malipo.onboardCheckoutMerchant("Duka la Pwani"), jdbc, failing.url());
        Books books = new Books(jdbc, shop.client.vendor);

        // Paid orders whose callbacks the receiver first answers 503, then cannot be reached at all.
        for (int i = 0; i < ORDERS; i++) {
            shop.order("P-" + i, "1000");
            assertThat(shop.pay("P-" + i, "T-P-" + i, Shop.PAYING_MSISDN).status()).isEqualTo(200);
        }
        Await.until("every payment to settle and its callback to be refused once", Duration.ofSeconds(30),
                () -> books.payments("SUCCEEDED") == ORDERS && Books.calledBack(failing).size() == ORDERS);
        failing.close();
        Instant down = Instant.now();

        Duration stopped = malipo.stop();
        Instant restarting = Instant.now();
        Duration started = malipo.startHealthy();
        Await.until("the restarted instance to find the receiver down for every callback", Duration.ofSeconds(30),
                () -> refusedSince(jdbc, restarting) == ORDERS);
        Map<UUID, Instant> due = nextAttempts(jdbc, shop.merchantId());

        try (CallbackReceiver back = new CallbackReceiver(port)) {
            Instant returned = Instant.now();
            Await.until("every callback to arrive", Duration.ofSeconds(30), () -> books.allDelivered());
            Instant last = back.received().stream().map(Received::at).max(Comparator.naturalOrder()).orElseThrow();
            Set<String> expected = books.settledTransids();
            Set<String> received = Books.calledBack(back);
            Map<UUID, List<Attempt>> attempts = attempts(jdbc, shop.merchantId());

            System.out.printf("receiver-outage: receiver refused from %s; Malipo stopped in %d ms (SIGTERM) and "
                    + "healthy again %d ms later; receiver back after %d ms down%n", down, stopped.toMillis(),
                    started.toMillis(), Duration.between(down, returned).toMillis());
            System.out.printf("receiver-outage: deliveries expected %d, received %d (duplicates %d, %d requests)%n",
                    expected.size(), received.size(), Books.duplicates(back), back.received().size());
            System.out.printf("receiver-outage: from the receiver's return to the last delivery: %d ms%n",
                    Duration.between(returned, last).toMillis());
            attempts.values().stream().findFirst().ifPresent(one -> System.out.printf(
                    "receiver-outage: attempts of one delivery (schedule %s): %s%n", FaultSettings.SCHEDULE,
                    describe(one)));

            assertThat(received).as("callbacks received once the receiver is back").isEqualTo(expected)
                    .hasSize(ORDERS);
            for (Received callback : back.received()) {
                Object transid = callback.json().get("transid");
                Received first = failing.received().stream().filter(r -> transid.equals(r.json().get("transid")))
                        .findFirst().orElseThrow();
                assertThat(callback.body()).as("the callback of " + transid + " as first sent").isEqualTo(first.body());
                assertThat(callback.digestVerifies(shop.client.secret)).as("its signature").isTrue();
            }
            attempts.forEach((delivery, tries) -> {
                for (int i = 1; i < tries.size(); i++) {
                    assertThat(Duration.between(tries.get(i - 1).at(), tries.get(i).at()))
                            .as("wait before attempt %d of %s", i + 1, delivery)
                            .isGreaterThanOrEqualTo(SCHEDULE.get(i - 1).minus(JITTER));
                }
                Attempt delivered = tries.get(tries.size() - 1);
                assertThat(delivered.status()).as("last attempt of " + delivery).isEqualTo(200);
                assertThat(tries.stream().filter(t -> t.at().isAfter(returned.plus(JITTER))).toList())
                        .as("attempts of %s once the receiver was back", delivery).containsExactly(delivered);
                assertThat(delivered.at()).as("delivery of %s, due at %s", delivery, due.get(delivery))
                        .isAfterOrEqualTo(due.get(delivery).minus(JITTER))
                        .isBefore(due.get(delivery).plusSeconds(2));
            });
        } finally {
            failing.close();
        }
    }

    record Attempt(Instant at, Integer status, String error) {
    }

    /** Callbacks whose attempt after {@code since} found the receiver refusing connections. */
    private static int refusedSince(JdbcTemplate jdbc, Instant since) {
        return jdbc.queryForObject("SELECT count(DISTINCT delivery_id) FROM delivery_attempt WHERE attempted_at > ? "
                + "AND status_code IS NULL AND error IS NOT NULL", Integer.class, Timestamp.from(since));
    }

    private static Map<UUID, Instant> nextAttempts(JdbcTemplate jdbc, String merchantId) {
        Map<UUID, Instant> due = new LinkedHashMap<>();
        jdbc.query("SELECT id, next_attempt_at FROM delivery WHERE merchant_id = CAST(? AS UUID)",
                rs -> {
                    due.put(rs.getObject("id", UUID.class), rs.getTimestamp("next_attempt_at").toInstant());
                }, merchantId);
        return due;
    }

    private static Map<UUID, List<Attempt>> attempts(JdbcTemplate jdbc, String merchantId) {
        return jdbc.query("SELECT a.delivery_id, a.attempted_at, a.status_code, a.error FROM delivery_attempt a "
                        + "JOIN delivery d ON d.id = a.delivery_id WHERE d.merchant_id = CAST(? AS UUID) "
                        + "ORDER BY a.delivery_id, a.attempt",
                (rs, n) -> Map.entry(rs.getObject("delivery_id", UUID.class), new Attempt(
                        rs.getTimestamp("attempted_at").toInstant(), (Integer) rs.getObject("status_code"),
                        rs.getString("error"))), merchantId)
                .stream().collect(Collectors.groupingBy(Map.Entry::getKey, LinkedHashMap::new,
                        Collectors.mapping(Map.Entry::getValue, Collectors.toList())));
    }

    private static String describe(List<Attempt> attempts) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < attempts.size(); i++) {
            Attempt attempt = attempts.get(i);
            text.append(i == 0 ? "" : " +" + Duration.between(attempts.get(i - 1).at(), attempt.at()).toMillis()
                    + " ms ").append(attempt.status() != null ? attempt.status().toString()
                    : "(" + attempt.error().replaceAll("(.{60}).+", "$1...") + ")");
        }
        return text.toString();
    }
}
