import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Load for the token API, with the JDK only (run as {@code java bench/TokenApiBench.java}).
 * It onboards a merchant of its own through the admin API, then:
 *
 * <ul>
 *   <li>{@code tokens THREADS SECONDS}: THREADS clients asking for access tokens back to back
 *       for SECONDS (after a 10 s warm-up); prints tokens per second and latency percentiles;
 *   <li>{@code payments-pages COUNT}: expects COUNT payments already in the table for the
 *       merchant whose id is in MALIPO_BENCH_MERCHANT (bench/tokenapi.sh inserts them), pages to
 *       the middle of them once, then times the first page and that deep page, alternately;
 *   <li>{@code collection-webhook COUNT}: COUNT sandbox collections one after another, each
 *       timed from the request to its payment.succeeded event at a local webhook endpoint.
 * </ul>
 *
 * Environment: MALIPO_URL (default http://localhost:8080), MALIPO_ADMIN_TOKEN (required).
 */
public class TokenApiBench {


    private final String base;
    private final String apiKey;
    private final String adminToken;
    private final String merchant;

    TokenApiBench(String base, String apiKey, String adminToken, String merchant) {
        this.base = base;
        this.apiKey = apiKey;
        this.adminToken = adminToken;
        this.merchant = merchant;
    }

    record Answer(int status, String body) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: java bench/TokenApiBench.java tokens THREADS SECONDS | payments-pages COUNT "
                    + "| collection-webhook COUNT");
            System.exit(2);
        }
        String base = System.getenv().getOrDefault("MALIPO_URL", "http://localhost:8080");
        String adminToken = System.getenv("MALIPO_ADMIN_TOKEN");
        if (adminToken == null || adminToken.isBlank()) {
            System.err.println("Set MALIPO_ADMIN_TOKEN to the admin token of the Malipo at " + base);
            System.exit(2);
        }
        String merchant = System.getenv("MALIPO_BENCH_MERCHANT");
        if (merchant == null || merchant.isBlank()) {
            merchant = field(send("POST", base + "/admin/v1/merchants", "{\"name\": \"Bench Shop\", \"email\": "
                    + "\"bench@example.co.tz\"}", "Bearer " + adminToken, null), "id");
            send("POST", base + "/admin/v1/merchants/" + merchant + "/verify", "", "Bearer " + adminToken, null);
        }
        TokenApiBench bench = new TokenApiBench(base, newKey(base, adminToken, merchant), adminToken, merchant);
        switch (args[0]) {
            case "tokens" -> bench.tokens(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            case "payments-pages" -> bench.pages(Integer.parseInt(args[1]));
            case "collection-webhook" -> bench.collectionWebhook(Integer.parseInt(args[1]));
            default -> {
                System.err.println("unknown benchmark " + args[0]);
                System.exit(2);
            }
        }
    }

    private static String newKey(String base, String adminToken, String merchant) throws Exception {
        return field(send("POST", base + "/admin/v1/merchants/" + merchant + "/api-keys", "{\"name\": \"bench\", "
                + "\"scopes\": [\"payments.read\", \"payments.write\"]}", "Bearer " + adminToken, null), "key");
    }

    /** Each client with a key of its own, as different merchants' back ends would be. */
    void tokens(int threads, int seconds) throws Exception {
        System.out.printf("access tokens, %d clients (one API key each) back to back: 10 s warm-up, then %d s measured%n",
                threads, seconds);
        keys = new String[threads];
        for (int t = 0; t < threads; t++) {
            keys[t] = newKey(base, adminToken, merchant);
        }
        run(threads, 10, null);
        long[] latencies = new long[2_000_000];
        AtomicInteger count = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        long started = System.nanoTime();
        run(threads, seconds, (nanos, ok) -> {
            int i = count.getAndIncrement();
            if (i < latencies.length) {
                latencies[i] = nanos;
            }
            if (!ok) {
                failed.incrementAndGet();
            }
        });
        double elapsed = (System.nanoTime() - started) / 1e9;
        long[] seen = Arrays.copyOf(latencies, Math.min(count.get(), latencies.length));
        Arrays.sort(seen);
        System.out.printf("%d tokens in %.1f s: %.0f tokens/s, %d failed%n", count.get(), elapsed, count.get() / elapsed,
                failed.get());
        System.out.printf("latency ms: p50 %.1f  p99 %.1f  max %.1f%n", pct(seen, 50), pct(seen, 99),
                seen[seen.length - 1] / 1e6);
    }

    private String[] keys;

    interface Sample {
        void record(long nanos, boolean ok);
    }

    private void run(int threads, int seconds, Sample sample) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        for (int t = 0; t < threads; t++) {
            String key = keys[t];
            pool.execute(() -> {
                while (System.nanoTime() < end) {
                    long start = System.nanoTime();
                    boolean ok;
                    try {
                        ok = send("POST", base + "/api/v1/oauth/token", "grant_type=client_credentials", null, key)
                                .status() == 200;
                    } catch (Exception e) {
                        ok = false;
                    }
                    if (sample != null) {
                        sample.record(System.nanoTime() - start, ok);
                    }
                }
            });
        }
        pool.shutdown();
        pool.awaitTermination(seconds + 60L, TimeUnit.SECONDS);
    }

    void pages(int count) throws Exception {
        String token = accessToken();
        System.out.printf("GET /payments over %d payments: paging to the middle once...%n", count);
        String cursor = null;
        int seen = 0;
        while (seen < count / 2) {
            Answer page = send("GET", base + "/api/v1/payments?limit=100" + (cursor == null ? "" : "&cursor=" + cursor),
                    null, "Bearer " + token, null);
            cursor = field(page.body(), "nextCursor");
            seen += 100;
            if (seen % 100_000 == 0) {
                token = accessToken();
            }
        }
        String deep = cursor;
        System.out.printf("timing the first page and the page after item %d, 2000 times each (limit 20)%n", seen);
        long[] first = new long[2000];
        long[] middle = new long[2000];
        for (int i = 0; i < 2000; i++) {
            if (i % 500 == 0) {
                token = accessToken();
            }
            long start = System.nanoTime();
            send("GET", base + "/api/v1/payments", null, "Bearer " + token, null);
            first[i] = System.nanoTime() - start;
            start = System.nanoTime();
            send("GET", base + "/api/v1/payments?cursor=" + deep, null, "Bearer " + token, null);
            middle[i] = System.nanoTime() - start;
        }
        Arrays.sort(first);
        Arrays.sort(middle);
        System.out.printf("first page ms:            p50 %.2f  p99 %.2f%n", pct(first, 50), pct(first, 99));
        System.out.printf("page %d deep ms:     p50 %.2f  p99 %.2f%n", seen, pct(middle, 50), pct(middle, 99));
    }

    void collectionWebhook(int count) throws Exception {
        Map<String, Long> arrived = new ConcurrentHashMap<>();
        Pattern payment = Pattern.compile("\"object\"\\s*:\\s*\\{\"id\"\\s*:\\s*\"([^\"]+)\"");
        HttpServer receiver = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        receiver.createContext("/events", exchange -> {
            long now = System.nanoTime();
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            Matcher m = payment.matcher(body);
            if (body.contains("payment.succeeded") && m.find()) {
                arrived.putIfAbsent(m.group(1), now);
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        String token = accessToken();
        send("POST", base + "/api/v1/webhook-endpoints", "{\"url\": \"http://127.0.0.1:" + receiver.getAddress().getPort()
                + "/events\", \"events\": [\"payment.succeeded\"]}", "Bearer " + token, null);
        System.out.printf("collection to payment.succeeded webhook, %d collections one after another%n", count);
        long[] times = new long[count];
        long[] answers = new long[count];
        for (int i = 0; i < count; i++) {
            if (i % 100 == 0) {
                token = accessToken();
            }
            long sent = System.nanoTime();
            Answer created = send("POST", base + "/api/v1/collections", "{\"amount\": 15000, \"currency\": \"TZS\", "
                    + "\"msisdn\": \"255754000000\", \"reference\": \"B-" + System.nanoTime() + "\"}", "Bearer " + token,
                    null);
            answers[i] = System.nanoTime() - sent;
            if (created.status() != 201) {
                throw new IllegalStateException("collection refused: " + created.body());
            }
            String id = field(created.body(), "id");
            long deadline = sent + TimeUnit.SECONDS.toNanos(30);
            while (!arrived.containsKey(id)) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no payment.succeeded for " + id + " within 30 s");
                }
                Thread.sleep(1);
            }
            times[i] = arrived.get(id) - sent;
        }
        receiver.stop(0);
        Arrays.sort(times);
        Arrays.sort(answers);
        System.out.printf("POST /collections answered (201 PENDING) ms: p50 %.1f  p99 %.1f%n", pct(answers, 50),
                pct(answers, 99));
        System.out.printf("collection to webhook ms: p50 %.1f  p90 %.1f  p99 %.1f  max %.1f%n", pct(times, 50),
                pct(times, 90), pct(times, 99), times[count - 1] / 1e6);
    }

    private String accessToken() throws Exception {
        return field(token().body(), "access_token");
    }

    private Answer token() throws Exception {
        return send("POST", base + "/api/v1/oauth/token", "grant_type=client_credentials", null, apiKey);
    }

    /** A request on a kept-alive connection (HttpURLConnection pools them per host). */
    private static Answer send(String method, String url, String body, String authorization, String apiKey)
            throws Exception {
        HttpURLConnection connection = (HttpURLConnection) URI.create(url).toURL().openConnection();
        connection.setConnectTimeout(5000);
        connection.setReadTimeout(30000);
        connection.setRequestMethod(method);
        connection.setRequestProperty("Accept", "application/json");
        if (authorization != null) {
            connection.setRequestProperty("Authorization", authorization);
        }
        if (apiKey != null) {
            connection.setRequestProperty("X-Api-Key", apiKey);
        }
        if (body != null) {
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", apiKey != null ? "application/x-www-form-urlencoded"
                    : "application/json");
            try (OutputStream out = connection.getOutputStream()) {
                out.write(body.getBytes(StandardCharsets.UTF_8));
            }
        }
        int status = connection.getResponseCode();
        try (InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream()) {
            return new Answer(status, in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static String field(Answer answer, String name) {
        if (answer.status() / 100 != 2) {
            throw new IllegalStateException("answered " + answer.status() + ": " + answer.body());
        }
        return field(answer.body(), name);
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
