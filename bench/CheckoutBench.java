import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Load for the checkout API, with the JDK only (run as {@code java bench/CheckoutBench.java}).
 * It onboards a merchant of its own through the admin API, then:
 *
 * <ul>
 *   <li>{@code create-order RATE SECONDS}: creates orders at a fixed RATE per second (open loop:
 *       each latency is measured from when the request was due, so a slow server cannot hide
 *       its queueing) after a 30 s warm-up, and prints throughput and latency percentiles;
 *   <li>{@code wallet-callback COUNT}: for COUNT orders one after another, sends
 *       {@code wallet-payment} and waits for the signed callback on a local receiver, and
 *       prints the time from the request to the callback's arrival.
 * </ul>
 *
 * Environment: MALIPO_URL (default http://localhost:8080), MALIPO_ADMIN_TOKEN (required).
 */
public class CheckoutBench {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ssXXX");
    /** Concurrent connections of the create-order load. */
    private static final int SENDERS = 64;

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
            System.err.println("usage: java bench/CheckoutBench.java create-order RATE SECONDS | wallet-callback COUNT");
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
            case "create-order" -> bench.createOrders(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            case "wallet-callback" -> bench.walletCallbacks(Integer.parseInt(args[1]));
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

    void createOrders(int rate, int seconds) throws Exception {
        System.out.printf("create-order at %d/s: 30 s warm-up, then %d s measured%n", rate, seconds);
        run(rate, 30, null);
        long[] latencies = new long[rate * seconds];
        AtomicInteger failures = new AtomicInteger();
        long started = System.nanoTime();
        run(rate, seconds, (i, nanos, ok) -> {
            latencies[i] = nanos;
            if (!ok) {
                failures.incrementAndGet();
            }
        });
        double elapsed = (System.nanoTime() - started) / 1e9;
        Arrays.sort(latencies);
        System.out.printf("sent %d in %.1f s: %.1f orders/s completed, %d failed%n", latencies.length, elapsed,
                latencies.length / elapsed, failures.get());
        System.out.printf("latency ms: p50 %.1f  p90 %.1f  p99 %.1f  p99.9 %.1f  max %.1f%n", pct(latencies, 50),
                pct(latencies, 90), pct(latencies, 99), pct(latencies, 99.9), latencies[latencies.length - 1] / 1e6);
    }

    interface Sample {
        void record(int index, long nanos, boolean ok);
    }

    /**
     * Sends rate × seconds create-orders on schedule and waits for every answer. A fixed set of
     * senders on kept-alive connections, like a shop's back end; a request due while all are busy
     * waits, and that wait counts in its latency.
     */
    private void run(int rate, int seconds, Sample sample) throws Exception {
        int total = rate * seconds;
        long interval = TimeUnit.SECONDS.toNanos(1) / rate;
        ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
        long start = System.nanoTime();
        for (int i = 0; i < total; i++) {
            long due = start + i * interval;
            long wait;
            while ((wait = due - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            int index = i;
            senders.execute(() -> {
                boolean ok;
                try {
                    Answer answer = post("create-order", order("B" + System.nanoTime() + "-" + index, null));
                    ok = answer.status() == 200 && answer.body().contains("\"resultcode\":\"000\"");
                } catch (Exception e) {
                    ok = false;
                }
                if (sample != null) {
                    sample.record(index, System.nanoTime() - due, ok);
                }
            });
        }
        senders.shutdown();
        if (!senders.awaitTermination(2, TimeUnit.MINUTES)) {
            throw new IllegalStateException("answers still outstanding after 2 minutes");
        }
    }

    void walletCallbacks(int count) throws Exception {
        Map<String, Long> arrived = new ConcurrentHashMap<>();
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        Pattern orderId = Pattern.compile("\"order_id\"\\s*:\\s*\"([^\"]+)\"");
        receiver.createContext("/callback", exchange -> {
            long now = System.nanoTime();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = orderId.matcher(body);
            if (m.find()) {
                arrived.putIfAbsent(m.group(1), now);
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        receiver.start();
        String webhook = Base64.getEncoder().encodeToString(("http://127.0.0.1:" + receiver.getAddress().getPort()
                + "/callback").getBytes(StandardCharsets.UTF_8));
        System.out.printf("wallet-payment to callback, %d orders one after another%n", count);
        long[] times = new long[count];
        long[] answers = new long[count];
        for (int i = 0; i < count; i++) {
            String id = "W" + System.nanoTime() + "-" + i;
            expect(post("create-order", order(id, webhook)), "000");
            Map<String, Object> pay = new LinkedHashMap<>();
            pay.put("transid", "T" + id);
            pay.put("order_id", id);
            pay.put("msisdn", "255754000000");
            long sent = System.nanoTime();
            expect(post("wallet-payment", pay), "111");
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
        receiver.stop(0);
        Arrays.sort(times);
        Arrays.sort(answers);
        System.out.printf("wallet-payment answered (111 PENDING) ms: p50 %.1f  p99 %.1f%n", pct(answers, 50),
                pct(answers, 99));
        System.out.printf("wallet-payment to callback ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f%n", pct(times, 50),
                pct(times, 90), pct(times, 99), times[count - 1] / 1e6);
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
        return send(base + "/v1/checkout/" + operation, json.toString(), Map.of(
                "Authorization", "SELCOM " + Base64.getEncoder().encodeToString(apiKey.getBytes(StandardCharsets.UTF_8)),
                "Digest-Method", "HS256",
                "Digest", digest,
                "Timestamp", timestamp,
                "Signed-Fields", String.join(",", fields.keySet())));
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
