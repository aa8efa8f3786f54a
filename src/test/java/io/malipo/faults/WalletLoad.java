package io.malipo.faults;

import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.Shop;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Shoppers paying through Malipo: each thread creates an order and pays it from a wallet the
 * sandbox approves, again and again, spreading its requests over the Malipo instances it is
 * given, and records what each instance acknowledged (HTTP 200). A request that gets no answer
 * (the instance is gone) or a 5xx is not acknowledged; the thread backs off a little, as a
 * client does, and goes on with a new order.
 */
final class WalletLoad implements AutoCloseable {

    /** What one instance acknowledged for one order, and when. */
    record Ack(String orderId, String transid, String instance, Instant at) {
    }

    private final String prefix;
    private final int threads;
    private volatile List<Target> targets;
    private final List<Thread> running = new ArrayList<>();
    private final Map<String, Ack> orders = new ConcurrentHashMap<>();
    private final Map<String, Ack> payments = new ConcurrentHashMap<>();
    private final Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
    private final AtomicInteger noAnswer = new AtomicInteger();
    private volatile boolean stopping;

    /** A Malipo instance to send to, by name, through a shop whose callbacks go to the test's receiver. */
    record Target(String instance, Shop shop) {
    }

    WalletLoad(String prefix, int threads, List<Target> targets) {
        this.prefix = prefix;
        this.threads = threads;
        this.targets = List.copyOf(targets);
    }

    WalletLoad start() {
        for (int t = 0; t < threads; t++) {
            int thread = t;
            Thread shopper = new Thread(() -> shop(thread), "shopper-" + prefix + "-" + t);
            shopper.setDaemon(true);
            running.add(shopper);
            shopper.start();
        }
        return this;
    }

    /** From now on requests go only to these instances, as a load balancer does once one is gone. */
    void sendTo(List<Target> targets) {
        this.targets = List.copyOf(targets);
    }

    private void shop(int thread) {
        for (int n = 0; !stopping; n++) {
            List<Target> now = targets;
            Target target = now.get((thread + n) % now.size());
            String orderId = prefix + "-" + thread + "-" + n;
            Response created = send(() -> target.shop().send(orderId, "1000", ""));
            if (created == null || created.status() != 200) {
                backOff(created);
                continue;
            }
            orders.put(orderId, new Ack(orderId, null, target.instance(), Instant.now()));
            String transid = "T-" + orderId;
            Response pushed = send(() -> target.shop().pay(orderId, transid, Shop.PAYING_MSISDN));
            if (pushed != null && pushed.status() == 200) {
                payments.put(transid, new Ack(orderId, transid, target.instance(), Instant.now()));
            } else {
                backOff(pushed);
            }
        }
    }

    private Response send(Supplier<Response> request) {
        try {
            Response response = request.get();
            statuses.computeIfAbsent(response.status(), s -> new AtomicInteger()).incrementAndGet();
            return response;
        } catch (IllegalStateException e) {
            noAnswer.incrementAndGet();
            return null;
        }
    }

    /** A client that got no answer or a 5xx waits a moment before its next order. */
    private void backOff(Response response) {
        if (response == null || response.status() >= 500) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
        }
    }

    int ordersAcknowledged() {
        return orders.size();
    }

    int paymentsAcknowledged() {
        return payments.size();
    }

    /** Acknowledged orders by order_id. */
    Map<String, Ack> orders() {
        return Map.copyOf(orders);
    }

    /** Acknowledged wallet-payments by transid. */
    Map<String, Ack> payments() {
        return Map.copyOf(payments);
    }

    /** How many answers had each HTTP status. */
    Map<Integer, Integer> statuses() {
        Map<Integer, Integer> counts = new TreeMap<>();
        statuses.forEach((status, count) -> counts.put(status, count.get()));
        return counts;
    }

    int noAnswer() {
        return noAnswer.get();
    }

    /** Stops the shoppers after the request each has under way. */
    @Override
    public void close() {
        stopping = true;
        for (Thread shopper : running) {
            try {
                shopper.join(TimeUnit.SECONDS.toMillis(60));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
