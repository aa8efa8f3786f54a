import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.StandardSocketOptions;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BiConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Load for the checkout API, with the JDK only (run as {@code java bench/CheckoutBench.java}).
 * It onboards a merchant of its own through the admin API, then:
 *
 * <ul>
 *   <li>{@code create-order RATE SECONDS [WARMUP]}: creates orders at a fixed RATE per second
 *       (open loop: each latency is measured from when the request was due, so a slow server
 *       cannot hide its queueing) after a warm-up at the same rate (30 s unless WARMUP says),
 *       and prints throughput and latency percentiles;
 *   <li>{@code wallet-callback COUNT [WARMUP]}: for COUNT orders one after another, sends
 *       {@code wallet-payment} and waits for the signed callback on a local receiver, and
 *       prints the time from the request to the callback's arrival; with WARMUP, that many
 *       payments go the same way first, unmeasured (a fresh JVM spends most of its first
 *       thousand payments compiling, which is not what a running gateway adds);
 *   <li>{@code callbacks COUNT}: starts the wallet payments of COUNT orders, {@value #PAYERS} at a
 *       time, then prints how fast their signed callbacks reached a local receiver that answers
 *       at once: from the first arrival to the last, the busiest second, duplicates and any still
 *       missing after a minute. Payments settle far slower than callbacks go out, so this
 *       measures settlement more than delivery;
 *   <li>{@code callback-backlog COUNT [WARMUP]}: the same payments, but the receiver holds every
 *       callback unanswered until all COUNT are in the outbox, due (as after a merchant's outage),
 *       then answers them and every later one at once: prints how fast the backlog drained, from
 *       the release to the last arrival (and over the second half of the backlog alone), with
 *       duplicates and any still missing after two minutes; with WARMUP, a backlog of that many
 *       drains the same way first, so that the measured one runs compiled code. It reads the
 *       outbox with psql (BENCH_DATABASE, see bench/with-postgres.sh).
 * </ul>
 *
 * Environment: MALIPO_URL (default http://localhost:8080), MALIPO_ADMIN_TOKEN (required).
 */
public class CheckoutBench {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");
    /** Concurrent connections of the create-order load. */
    private static final int SENDERS = 64;
    /** Wallet payments started at once by the callbacks benchmark. */
    private static final int PAYERS = 16;
    private static final Pattern ORDER_ID = Pattern.compile("\"order_id\"\\s*:\\s*\"([^\"]+)\"");

    private final String base;
    private final String vendor;
    private final String apiKey;
    private final byte[] secret;

    CheckoutBench(String base, String vendor, String apiKey, String secret) {
        this.base = base;
        this.vendor = vendor;
        this.apiKey = apiKey;
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java bench/CheckoutBench.java create-order RATE SECONDS [WARMUP] | wallet-callback COUNT"
                    + " | callbacks COUNT | callback-backlog COUNT [WARMUP]");
            System.exit(2);
        }
        String base = System.getenv().getOrDefault("MALIPO_URL", "http://localhost:8080");
        String adminToken = System.getenv("MALIPO_ADMIN_TOKEN");
        if (adminToken == null || adminToken.isBlank()) {
            System.err.println("Set MALIPO_ADMIN_TOKEN to the admin token of the Malipo at " + base);
            System.exit(2);
        }
        CheckoutBench bench = onboard(base, adminToken);
        switch (args[0]) {
            case "create-order" -> bench.createOrders(Integer.parseInt(args[1]), Integer.parseInt(args[2]),
                    args.length > 3 ? Integer.parseInt(args[3]) : 30);
            case "wallet-callback" -> {
                if (args.length > 2) {
                    bench.walletCallbacks(Integer.parseInt(args[2]), "warm-up: ");
                }
                bench.walletCallbacks(Integer.parseInt(args[1]), "");
            }
            case "callbacks" -> bench.callbacks(Integer.parseInt(args[1]), false, "");
            case "callback-backlog" -> {
                if (args.length > 2) {
                    bench.callbacks(Integer.parseInt(args[2]), true, "warm-up: ");
                }
                bench.callbacks(Integer.parseInt(args[1]), true, "");
            }
            default -> {
                System.err.println("unknown benchmark " + args[0]);
                System.exit(2);
            }
        }
    }

    static CheckoutBench onboard(String base, String adminToken) throws Exception {
        String merchant = field(admin(base, adminToken, "/admin/v1/merchants",
                "{\"name\": \"Bench Shop\", \"email\": \"bench@example.co.tz\"}"), "id");
        admin(base, adminToken, "/admin/v1/merchants/" + merchant + "/verify", "");
        String credential = admin(base, adminToken, "/admin/v1/merchants/" + merchant + "/checkout-credentials",
                "{\"livemode\": false}");
        String vendor = field(admin(base, adminToken, "/admin/v1/merchants/" + merchant + "/verify", ""), "vendor");
        return new CheckoutBench(base, vendor, field(credential, "api_key"), field(credential, "api_secret"));
    }

    void createOrders(int rate, int seconds, int warmup) throws Exception {
        System.out.printf("create-order at %d/s: %d s warm-up, then %d s measured%n", rate, warmup, seconds);
        long[] latencies = new long[rate * seconds];
        AtomicInteger failures = new AtomicInteger();
        double elapsed = run(rate, warmup, seconds, (i, nanos, ok) -> {
            latencies[i] = nanos;
            if (!ok) {
                failures.incrementAndGet();
            }
        });
        printSlowestBySecond(latencies, rate);
        Arrays.sort(latencies);
        System.out.printf("sent %d in %.1f s: %.1f orders/s completed, %d failed%n", latencies.length, elapsed,
                latencies.length / elapsed, failures.get());
        System.out.printf("latency ms: p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n", pct(latencies, 50),
                pct(latencies, 90), pct(latencies, 99), pct(latencies, 99.9), latencies[latencies.length - 1] / 1e6);
    }

    /** The slowest request due in each second: shows whether the tail comes in bursts, and how often. */
    private static void printSlowestBySecond(long[] latencies, int rate) {
        StringBuilder line = new StringBuilder("slowest per second (ms):");
        for (int second = 0; second * rate < latencies.length; second++) {
            long slowest = 0;
            for (int i = second * rate; i < Math.min(latencies.length, (second + 1) * rate); i++) {
                slowest = Math.max(slowest, latencies[i]);
            }
            line.append(' ').append(Math.round(slowest / 1e6));
        }
        System.out.println(line);
    }

    interface Sample {
        void record(int index, long nanos, boolean ok);
    }

    /**
     * Sends rate × (warmup + seconds) create-orders on schedule, records those of the last seconds
     * and answers how long the recorded ones took, from the first one due to the last answer. A
     * fixed set of senders on kept-alive connections, like a shop's back end; a request due while
     * all are busy waits, and that wait counts in its latency. The requests are signed and written
     * out before the clock starts, and sent as bytes on plain sockets, so that the load generator,
     * which shares the machine, takes little of the CPU that Malipo's latency depends on. Warm-up
     * and measured requests are one stream on the same connections: a pause or a burst of new
     * connections between them would be measured as Malipo's.
     */
    private double run(int rate, int warmup, int seconds, Sample sample) throws Exception {
        int skipped = rate * warmup;
        int total = skipped + rate * seconds;
        URI uri = URI.create(base);
        String host = uri.getHost();
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        byte[][] requests = new byte[total][];
        for (int i = 0; i < total; i++) {
            Signed signed = sign("create-order", order("B" + System.nanoTime() + "-" + i, null));
            requests[i] = signed.bytes(host + ":" + port);
        }
        long interval = TimeUnit.SECONDS.toNanos(1) / rate;
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        ThreadLocal<RawConnection> connections = ThreadLocal.withInitial(() -> new RawConnection(host, port));
        long start = System.nanoTime();
        // To line the slowest request of each second up with a server's log or PostgreSQL's.
        System.out.printf("measured from %.3f (epoch seconds)%n", System.currentTimeMillis() / 1e3 + warmup);
        for (int i = 0; i < total; i++) {
            long due = start + i * interval;
            long wait;
            while ((wait = due - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            int index = i;
            senders.execute(() -> {
                boolean ok;
                RawConnection connection = null;
                try {
                    // Opened inside the try: a connection refused counts as a failed request.
                    connection = connections.get();
                    Answer answer = connection.exchange(requests[index]);
                    ok = answer.status() == 200 && answer.body().contains("\"resultcode\":\"000\"");
                } catch (Exception e) {
                    if (connection != null) {
                        connection.close();
                    }
                    connections.remove();
                    ok = false;
                }
                if (index >= skipped) {
                    sample.record(index - skipped, System.nanoTime() - due, ok);
                }
            });
        }
        senders.shutdown();
        if (!senders.awaitTermination(2, TimeUnit.MINUTES)) {
            throw new IllegalStateException("answers still outstanding after 2 minutes");
        }
        return (System.nanoTime() - start - skipped * interval) / 1e9;
    }

    /** One kept-alive HTTP/1.1 connection that sends requests already written out as bytes. */
    static final class RawConnection {
        private final Socket socket;
        private final OutputStream out;
        private final InputStream in;

        RawConnection(String host, int port) {
            try {
                socket = new Socket(host, port);
                socket.setTcpNoDelay(true);
                socket.setSoTimeout(30_000);
                out = socket.getOutputStream();
                in = new BufferedInputStream(socket.getInputStream());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        Answer exchange(byte[] request) throws IOException {
            out.write(request);
            out.flush();
            String status = line();
            int length = -1;
            boolean chunked = false;
            for (String header = line(); !header.isEmpty(); header = line()) {
                String name = header.substring(0, Math.max(0, header.indexOf(':'))).trim();
                String value = header.substring(header.indexOf(':') + 1).trim();
                if (name.equalsIgnoreCase("Content-Length")) {
                    length = Integer.parseInt(value);
                } else if (name.equalsIgnoreCase("Transfer-Encoding") && value.equalsIgnoreCase("chunked")) {
                    chunked = true;
                }
            }
            StringBuilder body = new StringBuilder();
            if (chunked) {
                for (int size = Integer.parseInt(line().split(";")[0].trim(), 16); size > 0;
                        size = Integer.parseInt(line().split(";")[0].trim(), 16)) {
                    body.append(new String(in.readNBytes(size), StandardCharsets.UTF_8));
                    line();
                }
                line();
            } else if (length >= 0) {
                body.append(new String(in.readNBytes(length), StandardCharsets.UTF_8));
            } else {
                throw new IOException("an answer without a length: " + status);
            }
            return new Answer(Integer.parseInt(status.split(" ")[1]), body.toString());
        }

        void close() {
            try {
                socket.close();
            } catch (IOException e) {
                // already gone
            }
        }

        private String line() throws IOException {
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    throw new EOFException("connection closed");
                }
                if (c != '\r') {
                    line.append((char) c);
                }
            }
            return line.toString();
        }
    }

    void walletCallbacks(int count, String label) throws Exception {
        Map<String, Long> arrived = new ConcurrentHashMap<>();
        Receiver receiver = new Receiver(arrived::putIfAbsent, false);
        String webhook = webhook(receiver);
        System.out.printf("%swallet-payment to callback, %d orders one after another%n", label, count);
        long[] times = new long[count];
        long[] answers = new long[count];
        for (int i = 0; i < count; i++) {
            String id = "W" + System.nanoTime() + "-" + i;
            expect(post("create-order", order(id, webhook)), "000");
            long sent = System.nanoTime();
            expect(post("wallet-payment", walletPayment(id)), "111");
            answers[i] = System.nanoTime() - sent;
            long deadline = sent + TimeUnit.SECONDS.toNanos(30);
            while (!arrived.containsKey(id)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no callback for order " + id + " within 30 s");
                }
                Thread.sleep(1);
            }
            times[i] = arrived.get(id) - sent;
        }
        receiver.stop();
        Arrays.sort(times);
        Arrays.sort(answers);
        System.out.printf("%swallet-payment answered (111 PENDING) ms: p50 %.1f  p99 %.1f%n", label, pct(answers, 50),
                pct(answers, 99));
        System.out.printf("%swallet-payment to callback ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f%n", label,
                pct(times, 50),
                pct(times, 90), pct(times, 99), times[count - 1] / 1e6);
    }

    /**
     * Phase 1 starts the wallet payments of {@code count} orders, {@value #PAYERS} at a time, each
     * order with its callback to a local receiver that answers 200 at once; the callbacks become
     * due as the payments settle. Measured: from the first callback's arrival to the last one's,
     * the most that arrived in any one second, orders called back twice, and orders with no
     * callback a minute after the last payment was started.
     *
     * <p>With {@code backlog}, the receiver holds each callback unanswered (not yet arrived) until
     * all of them are in the outbox, then answers the ones held and every later one at once; the
     * measure runs from that release to the last arrival, so it is delivery alone, from a backlog
     * of due callbacks to one host.
     */
    void callbacks(int count, boolean backlog, String label) throws Exception {
        Map<String, Long> arrived = new ConcurrentHashMap<>();
        AtomicInteger duplicates = new AtomicInteger();
        Receiver receiver = new Receiver((id, now) -> {
            if (arrived.putIfAbsent(id, now) != null) {
                duplicates.incrementAndGet();
            }
        }, backlog);
        String webhook = webhook(receiver);
        String run = "C" + System.nanoTime() + "-";
        System.out.printf("%scallbacks of %d wallet payments, %d started at a time, to a receiver on one thread%s%n",
                label, count, PAYERS, backlog ? " holding them until all are due" : "");
        long[] started = new long[count];
        AtomicInteger failures = new AtomicInteger();
        ExecutorService payers = Executors.newFixedThreadPool(PAYERS);
        long begin = System.nanoTime();
        for (int i = 0; i < count; i++) {
            int index = i;
            payers.execute(() -> {
                String id = run + index;
                try {
                    expect(post("create-order", order(id, webhook)), "000");
                    started[index] = System.nanoTime();
                    expect(post("wallet-payment", walletPayment(id)), "111");
                } catch (Exception e) {
                    started[index] = 0;
                    if (failures.incrementAndGet() <= 3) {
                        System.err.println("order " + id + ": " + e.getMessage());
                    }
                }
            });
        }
        payers.shutdown();
        if (!payers.awaitTermination(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("payments still being started after 10 minutes");
        }
        long phaseEnd = System.nanoTime();
        int payments = count - failures.get();
        int arrivedInPhase = arrived.size();
        System.out.printf("%sstarted %d wallet payments in %.2f s (%.0f/s), %d failed; %d callbacks had arrived%n",
                label, payments, (phaseEnd - begin) / 1e9, payments / ((phaseEnd - begin) / 1e9), failures.get(),
                arrivedInPhase);
        long released = 0;
        if (backlog) {
            String target = new String(Base64.getDecoder().decode(webhook), StandardCharsets.UTF_8);
            long until = phaseEnd + TimeUnit.SECONDS.toNanos(120);
            int due;
            while ((due = Integer.parseInt(psql("SELECT count(*) FROM delivery WHERE target_url = '" + target + "'")))
                    < payments && System.nanoTime() < until) {
                Thread.sleep(100);
            }
            System.out.printf("%s%d callbacks due %.2f s after the last payment was started, %d attempts held; "
                    + "releasing%n", label, due, (System.nanoTime() - phaseEnd) / 1e9, receiver.held());
            released = System.nanoTime();
            receiver.release();
        }
        // A slow drain of a backlog is what this measures: it gets two minutes.
        long deadline = backlog ? released + TimeUnit.SECONDS.toNanos(120) : phaseEnd + TimeUnit.SECONDS.toNanos(60);
        while (arrived.size() < payments && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        // Any second delivery of a callback already in comes soon after the first.
        Thread.sleep(1000);
        receiver.stop();

        List<Long> arrivals = new ArrayList<>();
        List<Long> lags = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Long at = arrived.get(run + i);
            if (at != null && started[i] != 0) {
                arrivals.add(at);
                lags.add(at - started[i]);
            }
        }
        int delivered = arrivals.size();
        if (delivered == 0) {
            System.out.printf("callbacks: none of %d delivered within 60 s%n", payments);
            return;
        }
        long[] times = arrivals.stream().mapToLong(Long::longValue).sorted().toArray();
        long[] latencies = lags.stream().mapToLong(Long::longValue).sorted().toArray();
        double span = (times[delivered - 1] - times[0]) / 1e9;
        int busiest = 0;
        for (int from = 0, to = 0; to < delivered; to++) {
            while (times[to] - times[from] >= TimeUnit.SECONDS.toNanos(1)) {
                from++;
            }
            busiest = Math.max(busiest, to - from + 1);
        }
        if (backlog) {
            double drained = (times[delivered - 1] - released) / 1e9;
            // The second half of the backlog, once the first has warmed the path up (JIT).
            double secondHalf = (times[delivered - 1] - times[delivered / 2]) / 1e9;
            System.out.printf("%scallback backlog: %d delivered in %.2f s after the release = %.0f/s (busiest second %d, "
                    + "second half %.0f/s), first %.0f ms after it, duplicates %d, missing %d%n", label, delivered, drained,
                    drained > 0 ? delivered / drained : delivered, busiest,
                    secondHalf > 0 ? (delivered - 1 - delivered / 2) / secondHalf : 0, (times[0] - released) / 1e6,
                    duplicates.get(), payments - delivered);
            return;
        }
        System.out.printf("payment started to callback ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f;"
                + " last callback %.2f s after the last payment was started%n", pct(latencies, 50),
                pct(latencies, 90), pct(latencies, 99), latencies[delivered - 1] / 1e6,
                (times[delivered - 1] - Arrays.stream(started).max().orElse(0)) / 1e9);
        System.out.printf("callbacks: %d delivered in %.2f s = %.0f/s (busiest second %d), duplicates %d, missing %d%n",
                delivered, span, span > 0 ? delivered / span : delivered, busiest, duplicates.get(),
                payments - delivered);
    }

    /**
     * A receiver on this machine that answers every callback 200 at once, on one thread that
     * selects over all its connections (keeping them alive), and hands the order_id of each to
     * {@code arrival} with the time it arrived. While it holds ({@code hold}, until
     * {@link #release()}), it reads each request whole and leaves it unanswered; it arrives only
     * when released. One thread and no hand-offs: what it costs the machine is small next to
     * Malipo's sending (the JDK's HttpServer with a pool cost a third as much as Malipo did).
     */
    static final class Receiver implements Runnable {
        private static final byte[] OK = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII);
        private final ServerSocketChannel server;
        private final Selector selector;
        private final BiConsumer<String, Long> arrival;
        private final AtomicInteger held = new AtomicInteger();
        /** Requests read while holding, in the order they came; the selecting thread's alone. */
        private final List<Request> waiting = new ArrayList<>();
        private final Thread thread;
        private volatile boolean holding;
        private volatile boolean running = true;

        /** A whole request read from a connection, and whether the connection closes after its answer. */
        private record Request(SocketChannel channel, String body, boolean close) {
        }

        /** What a connection has sent that is not yet a whole request. */
        private static final class Unread {
            byte[] bytes = new byte[2048];
            int length;
        }

        Receiver(BiConsumer<String, Long> arrival, boolean hold) throws IOException {
            this.arrival = arrival;
            this.holding = hold;
            this.selector = Selector.open();
            this.server = ServerSocketChannel.open();
            server.bind(new InetSocketAddress("127.0.0.1", 0), 1024);
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
            thread = new Thread(this, "receiver");
            thread.setDaemon(true);
            thread.start();
        }

        int port() {
            return server.socket().getLocalPort();
        }

        /** Requests read and left unanswered while holding. */
        int held() {
            return held.get();
        }

        /** Answers the requests held, and every later one at once. */
        void release() {
            holding = false;
            selector.wakeup();
        }

        void stop() throws InterruptedException {
            running = false;
            selector.wakeup();
            thread.join(5000);
        }

        @Override
        public void run() {
            ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
            try {
                while (running) {
                    selector.select();
                    if (!holding && !waiting.isEmpty()) {
                        for (Request request : waiting) {
                            answer(request);
                        }
                        waiting.clear();
                    }
                    for (var keys = selector.selectedKeys().iterator(); keys.hasNext(); ) {
                        SelectionKey key = keys.next();
                        keys.remove();
                        if (!key.isValid()) {
                            continue;
                        }
                        if (key.isAcceptable()) {
                            for (SocketChannel channel; (channel = server.accept()) != null; ) {
                                channel.configureBlocking(false);
                                channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
                                channel.register(selector, SelectionKey.OP_READ, new Unread());
                            }
                        } else if (key.isReadable()) {
                            read(key, buffer);
                        }
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                for (SelectionKey key : selector.keys()) {
                    close(key.channel());
                }
                close(selector);
            }
        }

        private void read(SelectionKey key, ByteBuffer buffer) throws IOException {
            SocketChannel channel = (SocketChannel) key.channel();
            Unread unread = (Unread) key.attachment();
            buffer.clear();
            int n;
            try {
                n = channel.read(buffer);
            } catch (IOException e) {
                n = -1;
            }
            if (n < 0) {
                key.cancel();
                close(channel);
                return;
            }
            buffer.flip();
            if (unread.length + n > unread.bytes.length) {
                unread.bytes = Arrays.copyOf(unread.bytes, Math.max(2 * unread.bytes.length, unread.length + n));
            }
            buffer.get(unread.bytes, unread.length, n);
            unread.length += n;
            for (Request request; (request = request(channel, unread)) != null; ) {
                if (holding) {
                    held.incrementAndGet();
                    waiting.add(request);
                } else {
                    answer(request);
                }
            }
        }

        /** The first whole request of what a connection sent, taken out of it; null until there is one. */
        private static Request request(SocketChannel channel, Unread unread) {
            String text = new String(unread.bytes, 0, unread.length, StandardCharsets.ISO_8859_1);
            int headersEnd = text.indexOf("\r\n\r\n");
            if (headersEnd < 0) {
                return null;
            }
            int contentLength = 0;
            boolean chunked = false;
            boolean close = false;
            for (String line : text.substring(0, headersEnd).split("\r\n")) {
                int colon = line.indexOf(':');
                if (colon < 0) {
                    continue;
                }
                String name = line.substring(0, colon).trim();
                String value = line.substring(colon + 1).trim();
                if (name.equalsIgnoreCase("Content-Length")) {
                    contentLength = Integer.parseInt(value);
                } else if (name.equalsIgnoreCase("Transfer-Encoding")) {
                    chunked = value.toLowerCase().contains("chunked");
                } else if (name.equalsIgnoreCase("Connection")) {
                    close = value.equalsIgnoreCase("close");
                }
            }
            int bodyStart = headersEnd + 4;
            int end;
            String body;
            if (chunked) {
                StringBuilder decoded = new StringBuilder();
                int at = bodyStart;
                while (true) {
                    int lineEnd = text.indexOf("\r\n", at);
                    if (lineEnd < 0) {
                        return null;
                    }
                    int size = Integer.parseInt(text.substring(at, lineEnd).split(";")[0].trim(), 16);
                    if (size == 0) {
                        // The last chunk, then trailers (seldom any) up to an empty line.
                        int trailersEnd = text.indexOf("\r\n\r\n", lineEnd);
                        if (trailersEnd < 0) {
                            return null;
                        }
                        end = trailersEnd + 4;
                        break;
                    }
                    if (text.length() < lineEnd + 2 + size + 2) {
                        return null;
                    }
                    decoded.append(text, lineEnd + 2, lineEnd + 2 + size);
                    at = lineEnd + 2 + size + 2;
                }
                body = decoded.toString();
            } else {
                end = bodyStart + contentLength;
                if (unread.length < end) {
                    return null;
                }
                body = text.substring(bodyStart, end);
            }
            System.arraycopy(unread.bytes, end, unread.bytes, 0, unread.length - end);
            unread.length -= end;
            return new Request(channel, new String(body.getBytes(StandardCharsets.ISO_8859_1),
                    StandardCharsets.UTF_8), close);
        }

        private void answer(Request request) {
            long now = System.nanoTime();
            Matcher m = ORDER_ID.matcher(request.body());
            if (m.find()) {
                arrival.accept(m.group(1), now);
            }
            try {
                ByteBuffer ok = ByteBuffer.wrap(OK);
                while (ok.hasRemaining()) {
                    // 38 bytes into an idle socket's send buffer: one write, in practice.
                    request.channel().write(ok);
                }
                if (request.close()) {
                    close(request.channel());
                }
            } catch (IOException e) {
                close(request.channel());
            }
        }

        private static void close(java.io.Closeable closeable) {
            try {
                closeable.close();
            } catch (IOException e) {
                // already gone
            }
        }
    }

    /** The receiver's address as create-order takes it, base64. */
    private static String webhook(Receiver receiver) {
        return Base64.getEncoder().encodeToString(("http://127.0.0.1:" + receiver.port()
                + "/callback").getBytes(StandardCharsets.UTF_8));
    }

    /** One value from the bench's database, with psql (bench/with-postgres.sh sets BENCH_DATABASE). */
    private static String psql(String query) throws Exception {
        Process psql = new ProcessBuilder("psql", "-Atq", "-d", System.getenv("BENCH_DATABASE"), "-c", query)
                .redirectErrorStream(true).start();
        String out = new String(psql.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (psql.waitFor() != 0) {
            throw new IllegalStateException("psql: " + out);
        }
        return out;
    }

    private static Map<String, Object> walletPayment(String orderId) {
        Map<String, Object> pay = new LinkedHashMap<>();
        pay.put("transid", "T" + orderId);
        pay.put("order_id", orderId);
        pay.put("msisdn", "255754000000");
        return pay;
    }

    private Map<String, Object> order(String id, String webhook) {
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("vendor", vendor);
        order.put("order_id", id);
        order.put("buyer_email", "asha@example.co.tz");
        order.put("buyer_name", "Asha Mrema");
        order.put("buyer_phone", "255754000000");
        order.put("amount", 15000);
        order.put("currency", "TZS");
        order.put("payment_methods", "MOBILEMONEYPULL");
        order.put("no_of_items", 1);
        if (webhook != null) {
            order.put("webhook", webhook);
        }
        return order;
    }

    record Answer(int status, String body) {
    }

    /** A request signed as the official clients sign: every field, in order, after the timestamp. */
    private Answer post(String operation, Map<String, Object> fields) throws Exception {
        Signed signed = sign(operation, fields);
        return send(base + signed.path(), signed.body(), signed.headers());
    }

    private Signed sign(String operation, Map<String, Object> fields) throws Exception {
        String timestamp = OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS).format(TIMESTAMP);
        StringBuilder signed = new StringBuilder("timestamp=").append(timestamp);
        StringBuilder json = new StringBuilder("{");
        for (Map.Entry<String, Object> f : fields.entrySet()) {
            signed.append('&').append(f.getKey()).append('=').append(f.getValue());
            json.append(json.length() > 1 ? "," : "").append('"').append(f.getKey()).append("\":");
            json.append(f.getValue() instanceof Number ? f.getValue().toString() : "\"" + f.getValue() + "\"");
        }
        json.append('}');
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(secret, "HmacSHA256"));
        String digest = Base64.getEncoder().encodeToString(mac.doFinal(signed.toString().getBytes(StandardCharsets.UTF_8)));
        return new Signed("/v1/checkout/" + operation, json.toString(), Map.of(
                "Authorization", "SELCOM " + Base64.getEncoder().encodeToString(apiKey.getBytes(StandardCharsets.UTF_8)),
                "Digest-Method", "HS256",
                "Digest", digest,
                "Timestamp", timestamp,
                "Signed-Fields", String.join(",", fields.keySet())));
    }

    /** A signed JSON POST: what {@link #send} sends, or as bytes what a {@link RawConnection} does. */
    record Signed(String path, String body, Map<String, String> headers) {
        byte[] bytes(String authority) {
            byte[] content = body.getBytes(StandardCharsets.UTF_8);
            StringBuilder head = new StringBuilder("POST ").append(path).append(" HTTP/1.1\r\nHost: ").append(authority)
                    .append("\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ")
                    .append(content.length).append("\r\n");
            headers.forEach((name, value) -> head.append(name).append(": ").append(value).append("\r\n"));
            byte[] start = head.append("\r\n").toString().getBytes(StandardCharsets.UTF_8);
            byte[] request = Arrays.copyOf(start, start.length + content.length);
            System.arraycopy(content, 0, request, start.length, content.length);
            return request;
        }
    }

    private static String admin(String base, String token, String path, String body) throws Exception {
        Answer answer = send(base + path, body, Map.of("Authorization", "Bearer " + token));
        if (answer.status() / 100 != 2) {
            throw new IllegalStateException(path + " answered " + answer.status() + ": " + answer.body());
        }
        return answer.body();
    }

    /** A JSON POST on a kept-alive connection (HttpURLConnection pools them per host). */
    private static Answer send(String url, String body, Map<String, String> headers) throws Exception {
        HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
        connection.setConnectTimeout(5000);
        connection.setReadTimeout(30000);
        connection.setRequestMethod("POST");
        connection.setDoOutput(true);
        connection.setRequestProperty("Content-Type", "application/json");
        connection.setRequestProperty("Accept", "application/json");
        headers.forEach(connection::setRequestProperty);
        try (OutputStream out = connection.getOutputStream()) {
            out.write(body.getBytes(StandardCharsets.UTF_8));
        }
        int status = connection.getResponseCode();
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static void expect(Answer answer, String resultcode) {
        if (answer.status() != 200 || !answer.body().contains("\"resultcode\":\"" + resultcode + "\"")) {
            throw new IllegalStateException("unexpected answer " + answer.status() + ": " + answer.body());
        }
    }

    private static String field(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + name + " in " + json);
        }
        return m.group(1);
    }

    private static double pct(long[] sorted, double percentile) {
        int index = (int) Math.ceil(percentile / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))] / 1e6;
    }
}
