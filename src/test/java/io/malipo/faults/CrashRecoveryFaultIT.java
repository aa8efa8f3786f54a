package io.malipo.faults;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.faults.WalletLoad.Target;
import io.malipo.testsupport.Await;
import io.malipo.testsupport.CallbackReceiver;
import io.malipo.testsupport.ChildProcesses;
import io.malipo.testsupport.MalipoProcess;
import io.malipo.testsupport.Shop;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Malipo killed with SIGKILL in the middle of taking orders and payments, then started again on
 * the same database: whatever it acknowledged is kept, whatever settled is called back, and
 * nothing is paid or posted twice.
 */
class CrashRecoveryFaultIT {

    @RegisterExtension
    static final ChildProcesses processes = new ChildProcesses();

    @Test
    void whatMalipoAcknowledgedBeforeAKillIsKeptSettledOnceAndCalledBack() {
        String database = processes.database("faults-crash-recovery");
        JdbcTemplate jdbc = FaultSettings.jdbc(database);
        try (CallbackReceiver receiver = new CallbackReceiver()) {
            MalipoProcess malipo = processes.add(FaultSettings.malipo("crash-recovery", database).build());
            malipo.startHealthy();
            Shop shop = new Shop(malipo.onboardCheckoutMerchant("Duka la Kesho"), jdbc, receiver.url());
            Books books = new Books(jdbc, shop.client.vendor);

            WalletLoad load = new WalletLoad("K", 4, List.of(new Target(malipo.name(), shop))).start();
            Await.until("the first 80 payments", Duration.ofSeconds(60), () -> load.paymentsAcknowledged() >= 80);
            malipo.kill();
            Instant killed = Instant.now();
            int ordersBefore = load.ordersAcknowledged();
            int paymentsBefore = load.paymentsAcknowledged();
            System.out.printf("crash-recovery: killed pid %d (SIGKILL) after %d orders and %d payments acknowledged; "
                    + "left: payments %s, deliveries %s%n", malipo.pid(), ordersBefore, paymentsBefore,
                    books.payments(), books.deliveries());

            Duration restart = malipo.startHealthy();
            System.out.printf("crash-recovery: started again on the same database, healthy %d ms after the kill "
                    + "(start-up %d ms)%n", Duration.between(killed, Instant.now()).toMillis(), restart.toMillis());
            Await.until("40 more payments after the restart", Duration.ofSeconds(60),
                    () -> load.paymentsAcknowledged() >= paymentsBefore + 40);
            load.close();

            Await.until("every payment to be settled or failed", Duration.ofSeconds(60),
                    () -> books.payments("PENDING") == 0);
            Await.until("every callback to be delivered", Duration.ofSeconds(60), () -> books.allDelivered()
                    && Books.calledBack(receiver).containsAll(books.settledTransids()));
            Duration finished = Duration.between(killed, Instant.now());

            Set<String> ordersFound = books.ordersFound(load.orders().keySet());
            Set<String> paymentsFound = books.paymentsFound(load.payments().keySet());
            Set<String> settled = books.settledTransids();
            Set<String> calledBack = Books.calledBack(receiver);
            BigDecimal ledger = books.ledgerSum();
            System.out.printf("crash-recovery: answers %s, no answer %d%n", load.statuses(), load.noAnswer());
            System.out.printf("crash-recovery: orders acknowledged %d, found %d%n", load.ordersAcknowledged(),
                    ordersFound.size());
            System.out.printf("crash-recovery: payments acknowledged %d, found %d (by status %s)%n",
                    load.paymentsAcknowledged(), paymentsFound.size(), books.payments());
            System.out.printf("crash-recovery: settled %d, called back %d, duplicate callbacks %d "
                    + "(%d callbacks in all)%n", settled.size(), settled.stream().filter(calledBack::contains).count(),
                    Books.duplicates(receiver), receiver.received().size());
            System.out.printf("crash-recovery: orders settled twice %d, payments not posted once %d, ledger sum %s, "
                    + "unbalanced postings %d%n", books.ordersSettledTwice().size(),
                    books.settledNotPostedOnce().size(), ledger.toPlainString(), books.unbalancedPostings());
            System.out.printf("crash-recovery: everything settled and called back %d ms after the kill%n",
                    finished.toMillis());

            assertThat(ordersFound).as("acknowledged orders in the database")
                    .containsExactlyInAnyOrderElementsOf(load.orders().keySet());
            assertThat(paymentsFound).as("acknowledged wallet-payments with a payment")
                    .containsExactlyInAnyOrderElementsOf(load.payments().keySet());
            assertThat(settled).as("settled payments").isNotEmpty();
            assertThat(calledBack).as("callbacks received").containsAll(settled);
            assertThat(books.ordersSettledTwice()).as("orders with more than one SUCCEEDED payment").isEmpty();
            assertThat(books.settledNotPostedOnce()).as("settled payments not posted exactly once").isEmpty();
            assertThat(ledger).as("the ledger's sum").isZero();
            assertThat(books.unbalancedPostings()).as("postings that do not balance").isZero();
            assertThat(books.balanceMatchesLedger()).as("the balance against the ledger").isTrue();
            assertThat(receiver.received()).as("callbacks that verify with the merchant's secret")
                    .allMatch(r -> r.digestVerifies(shop.client.secret));
        }
    }
}
