package io.malipo.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.Await;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.ChildProcesses;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.MalipoProcess;
import io.malipo.testsupport.PrivatePostgres;
import io.malipo.testsupport.Shop;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * PostgreSQL stopped under a steady load of create-order, wallet-payment and order-status, and
 * started again a few seconds later. The shared test server stays up: this test runs Malipo on a PostgreSQL of
 * its own. While the database is away Malipo answers at once with 503 and Retry-After, nothing
 * else, and it serves again within seconds of the database's return.
 */
class PostgresRestartFaultIT {

    private static final int SHOPPERS = 10;
    /** Each shopper sends a request every this often: about 65 requests a second in all. */
    private static final Duration PACE = Duration.ofMillis(150);
    private static final Duration AWAY = Duration.ofSeconds(6);
    /** A request must be answered within this, database or not: never a hang. */
    private static final Duration PROMPT = Duration.ofSeconds(3);
    /**
     * The same for wallet-payment, whose provider here is the sandbox in the same process: when the
     * database goes away during the push, the sandbox too waits its connection timeout (2 s) before
     * it answers, and then Malipo's own next statement waits its own. A real provider does not
     * share Malipo's database, so there only Malipo's wait counts.
     */
    private static final Duration PROMPT_THROUGH_SANDBOX = Duration.ofSeconds(5);
    private static final Duration RECOVERY = Duration.ofSeconds(5);

    @RegisterExtension
    static final ChildProcesses processes = new ChildProcesses();

    /**
     * One request of the load: which operation, when it went out and came back, the answer (-1: none)
     * and Malipo's id for the request (its request log has the same), when it answered.
     */
    record Answer(String operation, Instant sent, Instant answered, int status, boolean retryAfter, String requestId) {

        Duration took() {
            return Duration.between(sent, answered);
        }
    }

    @Test
    void whilePostgresIsAwayEveryAnswerIsA503WithRetryAfterAndServiceReturnsWithinSecondsOfIt() {
        PrivatePostgres postgres = processes.add(PrivatePostgres.start("postgres-restart"));
        // The jar as built (the other children run the unpacked one), so that it too is started here.
        MalipoProcess malipo = processes.add(FaultSettings.malipo("postgres-restart", postgres.jdbcUrl())
                .asBuilt().build());
        malipo.startHealthy();
        CheckoutClient shop = malipo.onboardCheckoutMerchant("Duka la Mlimani");
        List<Answer> answers = new CopyOnWriteArrayList<>();
        List<Thread> shoppers = new ArrayList<>();
        Stopping stopping = new Stopping();
        for (int s = 0; s < SHOPPERS; s++) {
            int shopper = s;
            Thread thread = new Thread(() -> shop(shop, shopper, answers, stopping), "shopper-" + s);
            thread.setDaemon(true);
            thread.start();
            shoppers.add(thread);
        }

        Await.until("the load to be served", Duration.ofSeconds(30),
                () -> count(answers, a -> a.status() == 200) >= 30);
        Instant stopBegan = Instant.now();
        postgres.stop("fast");
        Instant away = Instant.now();
        Await.until("PostgreSQL to have been away " + AWAY.toSeconds() + " s", AWAY.plusSeconds(10),
                () -> Duration.between(away, Instant.now()).compareTo(AWAY) >= 0);
        Instant starting = Instant.now();
        postgres.start();
        Instant back = Instant.now();
        Await.until("the first order served after PostgreSQL's return", Duration.ofSeconds(60),
                () -> firstServedAfter(answers, back) != null);
        Await.until("100 more requests served", Duration.ofSeconds(30),
                () -> count(answers, a -> a.status() == 200 && a.sent().isAfter(back)) >= 100);
        stopping.now();
        shoppers.forEach(PostgresRestartFaultIT::join);

        List<Answer> whileAway = answers.stream()
                .filter(a -> !a.sent().isBefore(away) && !a.answered().isAfter(starting)).toList();
        List<Answer> unavailable = answers.stream().filter(a -> a.status() == 503).toList();
        Answer firstServed = firstServedAfter(answers, back);
        Duration recovery = Duration.between(back, firstServed.answered());
        Duration slowest = answers.stream().map(Answer::took).max(Comparator.naturalOrder()).orElseThrow();
        Map<String, Long> statuses = answers.stream().collect(Collectors.groupingBy(
                a -> a.operation() + " " + (a.status() < 0 ? "no answer" : a.status()), TreeMap::new,
                Collectors.counting()));
        System.out.printf("postgres-restart: PostgreSQL stopped (fast) in %d ms, away %d ms, started in %d ms%n",
                Duration.between(stopBegan, away).toMillis(), Duration.between(away, starting).toMillis(),
                Duration.between(starting, back).toMillis());
        System.out.printf("postgres-restart: answers by status %s%n", statuses);
        if (!unavailable.isEmpty()) {
            System.out.printf("postgres-restart: 503 window from %d ms after the stop began to %d ms after the "
                    + "database was back; %d of %d answers while it was away were 503 with Retry-After%n",
                    Duration.between(stopBegan, unavailable.get(0).answered()).toMillis(),
                    Duration.between(back, unavailable.get(unavailable.size() - 1).answered()).toMillis(),
                    count(whileAway, a -> a.status() == 503 && a.retryAfter()), whileAway.size());
        }
        System.out.printf("postgres-restart: slowest answer %d ms; first order served %d ms after PostgreSQL was "
                + "back%n", slowest.toMillis(), recovery.toMillis());

        assertThat(whileAway).as("answers while PostgreSQL was away").isNotEmpty()
                .allSatisfy(a -> assertThat(a.status() == 503 && a.retryAfter())
                        .as("%s answered %d at %s, Retry-After %s", a.operation(), a.status(), a.answered(),
                                a.retryAfter())
                        .isTrue());
        assertThat(answers).as("every answer, before, during and after").allSatisfy(a -> {
            assertThat(a.status()).as("%s sent at %s", a.operation(), a.sent()).isIn(200, 503);
            assertThat(a.took()).as("%s sent at %s", a.operation(), a.sent())
                    .isLessThan(a.operation().equals("wallet-payment") ? PROMPT_THROUGH_SANDBOX : PROMPT);
        });
        assertThat(unavailable).as("503 answers").allMatch(Answer::retryAfter);
        assertThat(recovery).as("from PostgreSQL's return to the first order served").isLessThan(RECOVERY);
        assertThat(malipo.healthy()).as("Malipo's health once PostgreSQL is back").isTrue();
    }

    /**
     * Create an order, pay the latest order created from a wallet, read its status; again and again
     * at a steady pace, whatever the answers (paying an order again with its transid is a repeat).
     */
    private static void shop(CheckoutClient shop, int shopper, List<Answer> answers, Stopping stopping) {
        String created = null;
        long next = System.nanoTime();
        for (int n = 0; !stopping.requested(); n++) {
            String latest = created;
            if (n % 3 == 0 || latest == null) {
                String orderId = "M-" + shopper + "-" + n;
                Answer answer = send("create-order", () -> shop.post("/v1/checkout/create-order", "{\"vendor\": \""
                        + shop.vendor + "\", \"order_id\": \"" + orderId + "\", \"buyer_email\": \"a@duka.co.tz\", "
                        + "\"buyer_name\": \"Asha\", \"buyer_phone\": \"255754000000\", \"amount\": 1500, "
                        + "\"currency\": \"TZS\", \"payment_methods\": \"MOBILEMONEYPULL\", \"no_of_items\": 1}")
                        .send());
                answers.add(answer);
                if (answer.status() == 200) {
                    created = orderId;
                }
            } else if (n % 3 == 1) {
                answers.add(send("wallet-payment", () -> shop.post("/v1/checkout/wallet-payment", "{\"transid\": "
                        + "\"T-" + latest + "\", \"order_id\": \"" + latest + "\", \"msisdn\": \""
                        + Shop.PAYING_MSISDN + "\"}").send()));
            } else {
                answers.add(send("order-status", () -> shop.get("/v1/checkout/order-status", "order_id=" + latest)
                        .send()));
            }
            next += PACE.toNanos();
            LockSupport.parkNanos(next - System.nanoTime());
        }
    }

    private static Answer send(String operation, Supplier<Response> request) {
        Instant sent = Instant.now();
        try {
            Response response = request.get();
            return new Answer(operation, sent, Instant.now(), response.status(),
                    response.header("Retry-After").isPresent(), response.header("X-Request-Id").orElse(null));
        } catch (IllegalStateException e) {
            return new Answer(operation, sent, Instant.now(), -1, false, null);
        }
    }

    private static Answer firstServedAfter(List<Answer> answers, Instant back) {
        return answers.stream().filter(a -> a.status() == 200 && a.answered().isAfter(back))
                .min(Comparator.comparing(Answer::answered)).orElse(null);
    }

    private static long count(List<Answer> answers, Predicate<Answer> which) {
        return answers.stream().filter(which).count();
    }

    private static void join(Thread thread) {
        try {
            thread.join(TimeUnit.SECONDS.toMillis(60));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static final class Stopping {

        private volatile boolean requested;

        void now() {
            requested = true;
        }

        boolean requested() {
            return requested;
        }
    }
}
