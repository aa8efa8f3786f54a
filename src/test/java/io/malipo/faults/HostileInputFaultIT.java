package io.malipo.faults;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.malipo.channels.ProviderDirectory;
import io.malipo.common.Hmac;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.CheckoutClient;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import io.malipo.testsupport.Shop;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Several hundred hostile requests across the checkout API, the token API, the admin API, the
 * payment page, the provider notification endpoints and the sandbox: malformed and deeply nested
 * JSON, numbers no type holds, invalid UTF-8 and lone surrogates, NUL bytes, oversized bodies
 * and headers, repeated and contradictory headers, path tricks. Each is written byte for byte on
 * a socket, as an attacker would. Every one must be refused with a 4xx (never a 5xx) within a
 * second, no business row may appear, and nothing may be logged with a stack trace.
 */
@DirtiesContext
class HostileInputFaultIT extends PostgresIT {

    @DynamicPropertySource
    static void ownDatabase(DynamicPropertyRegistry registry) {
        registry.add("malipo.test.database-url", () -> TestDatabase.separate("hostile-input"));
    }

    /** Tables whose rows hostile requests may legitimately add: claims of signed checkout requests. */
    private static final List<String> MAY_GROW = List.of("checkout_replay", "signature_use");

    @Autowired
    ProviderDirectory providers;

    private record Probe(String name, byte[] request) {
    }

    private record Answer(Probe probe, int status, long millis, String head, long sentAt) {
    }

    @Test
    void hostileRequestsAreRefusedWithA4xxWithinASecondWriteNothingAndLogNoStackTrace() throws Exception {
        CheckoutClient checkout = checkoutMerchant();
        ApiMerchant merchant = ApiMerchant.create(http, admin);
        String token = merchant.token();
        String order = new Shop(checkout, jdbc, "http://127.0.0.1:9/callback").order("H-1", "1000").json()
                .get("data").get(0).get("order_id").asText();
        List<Probe> corpus = corpus(checkout, token, order);
        Map<String, Long> before = rowCounts();
        ListAppender<ILoggingEvent> log = listen();

        List<Answer> answers = new ArrayList<>();
        for (Probe probe : corpus) {
            answers.add(send(probe));
        }

        stopListening(log);
        Map<Integer, Long> statuses = answers.stream().collect(Collectors.groupingBy(Answer::status, TreeMap::new,
                Collectors.counting()));
        long slowest = answers.stream().mapToLong(Answer::millis).max().orElse(0);
        List<Long> sorted = answers.stream().map(Answer::millis).sorted().toList();
        System.out.printf("hostile input: %d requests, statuses %s, p50 %d ms, p99 %d ms, slowest %d ms%n",
                answers.size(), statuses, sorted.get(sorted.size() / 2), sorted.get(sorted.size() * 99 / 100), slowest);

        assertThat(corpus).hasSizeGreaterThanOrEqualTo(300);
        assertThat(answers.stream().filter(a -> a.status() < 400 || a.status() >= 500)
                .map(a -> a.probe().name() + " → " + a.head()).toList()).as("answers that are not a 4xx").isEmpty();
        assertThat(answers.stream().filter(a -> a.millis() >= 1000).map(a -> a.probe().name() + " took "
                + a.millis() + " ms").toList()).as("answers slower than a second").isEmpty();
        assertThat(rowCounts()).as("rows per table").isEqualTo(before);
        assertThat(log.list.stream().filter(e -> e.getThrowableProxy() != null)
                .map(e -> e.getLoggerName() + ": " + e.getFormattedMessage() + " (while sending "
                        + answers.stream().filter(a -> a.sentAt() <= e.getTimeStamp()).reduce((a, b) -> b)
                                .map(a -> a.probe().name()).orElse("?") + ")").toList())
                .as("log lines with a stack trace").isEmpty();
    }

    // --- the corpus

    private List<Probe> corpus(CheckoutClient checkout, String token, String order) {
        List<Probe> corpus = new ArrayList<>();
        Map<String, byte[]> bodies = bodies();
        String bearer = "Bearer " + token;
        String adminBearer = "Bearer " + ADMIN_TOKEN;
        String notifySecret = providers.notifySecret("mpesa-tz", false).orElseThrow();
        List<String[]> targets = List.of(
                // method, path, extra headers (name, value, ...); "SIGN" signs the body as a checkout client would
                new String[] {"POST", "/v1/checkout/create-order", "SIGN"},
                new String[] {"POST", "/v1/checkout/create-order"},
                new String[] {"POST", "/v1/checkout/wallet-payment", "SIGN"},
                new String[] {"POST", "/v1/checkout/card-payment", "SIGN"},
                new String[] {"DELETE", "/v1/checkout/cancel-order", "SIGN"},
                new String[] {"POST", "/api/v1/collections", "Authorization", bearer},
                new String[] {"POST", "/api/v1/payouts", "Authorization", bearer},
                new String[] {"POST", "/api/v1/reversals", "Authorization", bearer},
                new String[] {"POST", "/api/v1/webhook-endpoints", "Authorization", bearer},
                new String[] {"POST", "/api/v1/fees/preview", "Authorization", bearer},
                new String[] {"PUT", "/api/v1/providers/mpesa-tz/settings", "Authorization", bearer},
                new String[] {"POST", "/api/v1/oauth/token"},
                new String[] {"POST", "/admin/v1/merchants", "Authorization", adminBearer},
                new String[] {"POST", "/v1/providers/mpesa-tz/notify", "NOTIFY"},
                new String[] {"POST", "/v1/providers/mixx-tz/notify"},
                new String[] {"POST", "/sandbox/tpesa-tz/push-ussd/v1/c2b"});
        for (String[] target : targets) {
            for (Map.Entry<String, byte[]> body : bodies.entrySet()) {
                List<String> headers = new ArrayList<>(List.of("Content-Type", "application/json"));
                if (target.length > 2 && "SIGN".equals(target[2])) {
                    headers.addAll(signed(checkout, body.getValue()));
                } else if (target.length > 2 && "NOTIFY".equals(target[2])) {
                    headers.addAll(List.of("X-Signature", Hmac.base64(notifySecret, body.getValue())));
                } else if (target.length > 2) {
                    headers.addAll(List.of(target).subList(2, target.length));
                }
                corpus.add(new Probe(target[0] + " " + target[1] + " with " + body.getKey(),
                        request(target[0], target[1], headers, body.getValue())));
            }
        }
        corpus.addAll(headerTricks(checkout, bearer));
        corpus.addAll(pathTricks(order, bearer, adminBearer));
        return corpus;
    }

    /** Bodies no client should send. */
    private static Map<String, byte[]> bodies() {
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        bodies.put("an unclosed object", utf8("{"));
        bodies.put("a truncated member", utf8("{\"order_id\":"));
        bodies.put("an array", utf8("[1, 2, 3]"));
        bodies.put("a bare string", utf8("\"order\""));
        bodies.put("null", utf8("null"));
        bodies.put("an exponent beyond any double", utf8("{\"amount\": 1e999999, \"currency\": \"TZS\"}"));
        bodies.put("forty digits", utf8("{\"amount\": 1234567890123456789012345678901234567890.123456789}"));
        bodies.put("a tiny negative amount", utf8("{\"amount\": -0.0000000001, \"currency\": \"TZS\"}"));
        bodies.put("NaN and Infinity", utf8("{\"amount\": NaN, \"fee\": Infinity}"));
        bodies.put("arrays nested 5000 deep", utf8("[".repeat(5000) + "]".repeat(5000)));
        bodies.put("objects nested 2000 deep", utf8("{\"a\":".repeat(2000) + "1" + "}".repeat(2000)));
        bodies.put("a lone surrogate", utf8("{\"order_id\": \"\\ud800\", \"vendor\": \"\\udfff\"}"));
        bodies.put("invalid UTF-8", concat(utf8("{\"order_id\": \""), new byte[] {(byte) 0xC3, (byte) 0x28,
                (byte) 0xFF, (byte) 0xFE}, utf8("\"}")));
        bodies.put("a NUL in a value", utf8("{\"order_id\": \"a\\u0000b\", \"msisdn\": \"2557\u0000\"}"));
        bodies.put("a raw NUL byte", concat(utf8("{\"order_id\": \"a"), new byte[] {0}, utf8("b\"}")));
        bodies.put("a 60 KB value", utf8("{\"order_id\": \"" + "x".repeat(60_000) + "\"}"));
        bodies.put("a 70 KB body", utf8("{\"pad\": \"" + "y".repeat(70_000) + "\"}"));
        bodies.put("a key repeated", utf8("{\"amount\": 1000, \"amount\": -1, \"currency\": \"TZS\", \"currency\": []}"));
        bodies.put("a byte order mark", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF},
                utf8("{\"amount\": 1000}")));
        bodies.put("every field the wrong type", utf8("{\"vendor\": {}, \"order_id\": [], \"amount\": {\"$gt\": 0}, "
                + "\"currency\": 7, \"msisdn\": true, \"url\": 1, \"events\": \"payment.succeeded\", "
                + "\"paymentId\": 12, \"reference\": null}"));
        return bodies;
    }

    private List<Probe> headerTricks(CheckoutClient checkout, String bearer) {
        List<Probe> probes = new ArrayList<>();
        // A request that is wrong only in its amount: whatever header gets through, it is still refused.
        byte[] body = utf8("{\"amount\": 0, \"currency\": \"TZS\", \"msisdn\": \"255754000000\", \"reference\": \"H\"}");
        String big = "b".repeat(20_000);
        List<String[]> tricks = List.of(
                new String[] {"Authorization twice", "Authorization", bearer, "Authorization", "Bearer other"},
                new String[] {"a 20 KB header", "X-Pad", big},
                new String[] {"a 20 KB Authorization", "Authorization", "Bearer " + big},
                new String[] {"a broken Bearer", "Authorization", "Bearer"},
                new String[] {"alg none", "Authorization", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."},
                new String[] {"a quoted content type", "Authorization", bearer, "Content-Type",
                        "application/json;charset=\\\"utf-8\\\""},
                new String[] {"a form content type", "Authorization", bearer, "Content-Type",
                        "application/x-www-form-urlencoded"},
                new String[] {"Accept excluding JSON", "Authorization", bearer, "Accept", "image/png"},
                new String[] {"an Idempotency-Key with spaces", "Authorization", bearer, "Idempotency-Key", "a b c"},
                new String[] {"a 300-character Idempotency-Key", "Authorization", bearer, "Idempotency-Key",
                        "k".repeat(300)},
                new String[] {"X-Forwarded-For spoofing", "Authorization", bearer, "X-Forwarded-For",
                        "127.0.0.1, 10.0.0.1"},
                new String[] {"a Content-Length shorter than the body", "Authorization", bearer, "Content-Length",
                        "3"});
        for (String path : List.of("/api/v1/collections", "/api/v1/payouts")) {
            for (String[] trick : tricks) {
                List<String> headers = new ArrayList<>(List.of("Content-Type", "application/json"));
                headers.addAll(List.of(trick).subList(1, trick.length));
                probes.add(new Probe("POST " + path + " with " + trick[0], request("POST", path, headers, body)));
            }
            List<String> many = new ArrayList<>(List.of("Content-Type", "application/json", "Authorization", bearer));
            for (int i = 0; i < 150; i++) {
                many.addAll(List.of("X-Header-" + i, "v"));
            }
            probes.add(new Probe("POST " + path + " with 150 headers", request("POST", path, many, body)));
            probes.add(new Probe("POST " + path + " with a broken chunk", concat(utf8("POST " + path + " HTTP/1.1\r\n"
                    + "Host: localhost\r\nAuthorization: " + bearer + "\r\nContent-Type: application/json\r\n"
                    + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n"))));
            probes.add(new Probe("POST " + path + " with a non-ASCII header", concat(utf8("POST " + path
                    + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: " + bearer + "\r\nX-Name: "),
                    new byte[] {(byte) 0xC3, (byte) 0xA9, 0x01}, utf8("\r\nContent-Length: 2\r\nConnection: close"
                            + "\r\n\r\n{}"))));
        }
        // Checkout signature headers that no client sends.
        String timestamp = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.ofHours(3))
                .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        String auth = "SELCOM " + Base64.getEncoder().encodeToString(checkout.apiKey.getBytes(StandardCharsets.UTF_8));
        // A 50 KB value that a list of repeated names would have rendered thousands of times.
        byte[] orderBody = utf8("{\"vendor\": \"" + checkout.vendor + "\", \"order_id\": \"H-2\", \"amount\": 1000, "
                + "\"currency\": \"TZS\", \"p\": \"" + "p".repeat(50_000) + "\"}");
        List<String[]> signatures = List.of(
                // Short enough to pass Tomcat's 8 KB header limit and reach the signature check.
                new String[] {"3000 repeated signed names", "Signed-Fields", ("p,").repeat(3000) + "order_id"},
                new String[] {"3000 distinct signed names", "Signed-Fields", distinctNames(3000)},
                new String[] {"a signed name of 10 KB", "Signed-Fields", "n".repeat(10_000)},
                new String[] {"a Digest that is not Base64", "Digest", "%%%not base64%%%"},
                new String[] {"a 10 KB Digest", "Digest", "A".repeat(10_000)},
                new String[] {"Digest-Method none", "Digest-Method", "none"},
                new String[] {"a Timestamp of 1970", "Timestamp", "1970-01-01T00:00:00Z"},
                new String[] {"a Timestamp that is not one", "Timestamp", "yesterday at noon"},
                new String[] {"a Timestamp of 400 digits", "Timestamp", "9".repeat(400)},
                new String[] {"an Authorization without a key", "Authorization", "SELCOM"},
                new String[] {"an Authorization of 5 KB", "Authorization", "SELCOM " + "Q".repeat(5000)});
        for (String path : List.of("/v1/checkout/create-order", "/v1/checkout/wallet-payment")) {
            for (String[] signature : signatures) {
                Map<String, String> headers = new LinkedHashMap<>();
                headers.put("Content-Type", "application/json");
                headers.put("Authorization", auth);
                headers.put("Digest-Method", "HS256");
                headers.put("Timestamp", timestamp);
                headers.put("Signed-Fields", "vendor,order_id,amount,currency");
                headers.put("Digest", "c2lnbmF0dXJl");
                headers.put(signature[1], signature[2]);
                List<String> flat = new ArrayList<>();
                headers.forEach((k, v) -> flat.addAll(List.of(k, v)));
                probes.add(new Probe("POST " + path + " with " + signature[0], request("POST", path, flat,
                        orderBody)));
            }
        }
        return probes;
    }

    private List<Probe> pathTricks(String order, String bearer, String adminBearer) {
        List<String> paths = List.of(
                "/v1/checkout/../admin/v1/merchants", "/v1/checkout/%2e%2e/admin/v1/merchants",
                "/api/v1/payments/..%2f..%2fadmin%2fv1%2fmerchants", "/api/v1/payments/%2e%2e%2f%2e%2e%2factuator",
                "/pay/%00", "/pay/" + "a".repeat(5000), "/pay/%F0%9F%92%A9", "/pay/..%2f..%2fetc%2fpasswd",
                "/pay/" + order + "/qr.png/../../../etc/passwd", "/pay/" + order + "%00.png",
                "/api/v1/payments/;jsessionid=1", "/api/v1/payments/%ZZ", "/api/v1/payments/" + "9".repeat(4000),
                "/api/v1/payments?limit=99999999999999999999", "/api/v1/payments?limit=-1",
                "/api/v1/payments?cursor=%00", "/api/v1/payments?cursor=" + "A".repeat(4000),
                "/api/v1/payments?cursor=" + Base64.getUrlEncoder().encodeToString(new byte[64]),
                "/api/v1/payouts/00000000-0000-0000-0000-000000000000", "/api/v1/reversals/not-a-uuid",
                "/v1/checkout/order-status?order_id=%ZZ", "/v1/checkout/order-status?order_id=" + "o".repeat(5000),
                "/v1/checkout/list-orders?fromdate=9999-99-99&todate=0000-00-00",
                "/v1/checkout//v1//v1/order-status/", "/sandbox/" + "x".repeat(200) + "/push-ussd/v1/c2b",
                "/sandbox/%00/push-ussd/v1/c2b", "/sandbox/../v1/providers/mpesa-tz/notify",
                "/v1/providers/" + "p".repeat(100) + "/notify", "/v1/providers/%2e%2e/notify",
                "/admin/v1/merchants/not-a-uuid", "/admin/v1/merchants/" + "1".repeat(3000),
                "/admin/v1/deliveries?status=%27%20OR%201=1--&limit=0", "/admin/v1/deliveries?before=-9",
                "/admin/v1/settlement-conflicts?resolution=ANY&limit=1000", "/" + "z".repeat(12_000));
        List<Probe> probes = new ArrayList<>();
        for (String path : paths) {
            String auth = path.startsWith("/admin") ? adminBearer : bearer;
            probes.add(new Probe("GET " + abbreviate(path), request("GET", path, List.of("Authorization", auth),
                    new byte[0])));
        }
        return probes;
    }

    /** The checkout headers of a client that signs whatever of this body it can read. */
    private List<String> signed(CheckoutClient checkout, byte[] body) {
        String timestamp = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.ofHours(3))
                .format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        String signing = "timestamp=" + timestamp + "&vendor=" + checkout.vendor;
        return List.of("Authorization", "SELCOM " + Base64.getEncoder().encodeToString(
                checkout.apiKey.getBytes(StandardCharsets.UTF_8)), "Digest-Method", "HS256", "Timestamp", timestamp,
                "Signed-Fields", "vendor", "Digest", CheckoutClient.sign(checkout.secret, signing));
    }

    private static String distinctNames(int count) {
        StringBuilder names = new StringBuilder("vendor");
        for (int i = 0; i < count; i++) {
            names.append(",field_").append(i);
        }
        return names.toString();
    }

    // --- sending bytes as they are

    private static byte[] request(String method, String path, List<String> headers, byte[] body) {
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: localhost\r\n");
        boolean length = false;
        for (int i = 0; i < headers.size(); i += 2) {
            head.append(headers.get(i)).append(": ").append(headers.get(i + 1)).append("\r\n");
            length |= headers.get(i).equalsIgnoreCase("Content-Length");
        }
        if (!length) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        return concat(head.toString().getBytes(StandardCharsets.ISO_8859_1), body);
    }

    private Answer send(Probe probe) throws IOException {
        long sentAt = System.currentTimeMillis();
        long started = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            socket.setSoTimeout(5000);
            try {
                socket.getOutputStream().write(probe.request());
                socket.getOutputStream().flush();
            } catch (IOException closedEarly) {
                // Tomcat may refuse a request before it has all of it (a header too large) and close.
            }
            // Read to the end, as a client does: one that hangs up early is a different test.
            String head = readHead(socket.getInputStream());
            socket.getInputStream().readAllBytes();
            long millis = (System.nanoTime() - started) / 1_000_000;
            String[] statusLine = head.split(" ", 3);
            int status = statusLine.length > 1 && statusLine[1].matches("\\d{3}") ? Integer.parseInt(statusLine[1]) : -1;
            return new Answer(probe, status, millis, head.lines().findFirst().orElse("(no answer)"), sentAt);
        } catch (SocketTimeoutException e) {
            return new Answer(probe, -1, (System.nanoTime() - started) / 1_000_000, "(no answer within 5 s)", sentAt);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            head.write(b);
            if (head.size() >= 4 && head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
                break;
            }
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    // --- what the requests may not leave behind

    private Map<String, Long> rowCounts() {
        Map<String, Long> counts = new TreeMap<>();
        for (String table : jdbc.queryForList("SELECT table_name FROM information_schema.tables WHERE table_schema = "
                + "'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'qrtz%'", String.class)) {
            if (!MAY_GROW.contains(table)) {
                counts.put(table, jdbc.queryForObject("SELECT count(*) FROM " + table, Long.class));
            }
        }
        return counts;
    }

    private static ListAppender<ILoggingEvent> listen() {
        ListAppender<ILoggingEvent> appender = new ListAppender<>();
        appender.start();
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).addAppender(appender);
        return appender;
    }

    private static void stopListening(ListAppender<ILoggingEvent> appender) {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).detachAppender(appender);
        appender.stop();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.writeBytes(part);
        }
        return out.toByteArray();
    }

    private static String abbreviate(String path) {
        return path.length() <= 80 ? path : path.substring(0, 60) + "…(" + path.length() + " characters)";
    }
}
