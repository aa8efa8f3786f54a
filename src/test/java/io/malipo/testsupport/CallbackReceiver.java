package io.malipo.testsupport;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A merchant's callback endpoint for tests: records every request (path, headers, the exact
 * body bytes and when it came), answers 200, or fails on demand (the next n requests, or until
 * told to recover), with an empty body unless given one, and checks a callback's Digest the way a
 * merchant's code would, with the API secret. One receiver serves any number of URLs
 * ({@link #url(String)}), told apart by path. It
 * can listen on a port chosen beforehand, so a test can take it down and bring it back on the
 * same address, and it can take its time to answer, as a slow merchant does.
 */
public final class CallbackReceiver implements AutoCloseable, AfterEachCallback {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger failNext = new AtomicInteger();
    private volatile int failingStatus;
    private volatile long answerAfterMillis;
    private volatile String answer;
    private volatile CountDownLatch held;
    private boolean closed;

    /** One request: headers by lower-case name, the body as text and as the bytes that came, and when. */
    public record Received(Map<String, String> headers, String body, String path, byte[] bytes, Instant at) {

        public Map<String, Object> json() {
            try {
                return JSON.readValue(body, new TypeReference<LinkedHashMap<String, Object>>() { });
            } catch (IOException e) {
                throw new AssertionError("callback body is not JSON: " + body, e);
            }
        }

        /** Recomputes the Digest from Timestamp and Signed-Fields with the secret, as merchants do. */
        public boolean digestVerifies(String secret) {
            Map<String, Object> body = json();
            StringBuilder signing = new StringBuilder("timestamp=").append(headers.get("timestamp"));
            for (String field : headers.get("signed-fields").split(",")) {
                signing.append('&').append(field).append('=').append(body.getOrDefault(field, ""));
            }
            return CheckoutClient.sign(secret, signing.toString()).equals(headers.get("digest"));
        }
    }

    public CallbackReceiver() {
        this(0);
    }

    /** A receiver on this port of 127.0.0.1 (0 for any free one). */
    public CallbackReceiver(int port) {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        // Several at once, so a receiver told to take its time still takes every request at once.
        server.setExecutor(Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "callback-receiver");
            thread.setDaemon(true);
            return thread;
        }));
        server.createContext("/", exchange -> {
            Instant at = Instant.now();
            Map<String, String> headers = new LinkedHashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), String.join(",", v)));
            byte[] bytes = exchange.getRequestBody().readAllBytes();
            received.add(new Received(headers, new String(bytes, StandardCharsets.UTF_8),
                    exchange.getRequestURI().getPath(), bytes, at));
            try {
                CountDownLatch gate = held;
                if (gate != null) {
                    gate.await(10, TimeUnit.SECONDS);
                }
                if (answerAfterMillis > 0) {
                    Thread.sleep(answerAfterMillis);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            int status = failingStatus != 0 ? failingStatus : failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? 500 : 200;
            String text = answer;
            if (text == null) {
                exchange.sendResponseHeaders(status, -1);
            } else {
                byte[] answerBytes = text.getBytes(StandardCharsets.UTF_8);
                exchange.sendResponseHeaders(status, answerBytes.length);
                exchange.getResponseBody().write(answerBytes);
            }
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return url("/callback");
    }

    /** Another URL of this receiver; what comes to it is {@link #receivedAt(String)}. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    /** The next n requests are answered 500. */
    public void failNext(int n) {
        failNext.set(n);
    }

    /** Every request is answered with this status until {@link #recover()}. */
    public void failWith(int status) {
        failingStatus = status;
    }

    /** Answers with this body from now on (null: an empty one), as a receiver explaining itself does. */
    public void answerWith(String body) {
        answer = body;
    }

    /** Answers each request only after this long, as a slow merchant's server does. */
    public void answerAfter(Duration delay) {
        answerAfterMillis = delay.toMillis();
    }

    /** Requests arriving from now on wait, unanswered, until {@link #release()} (10 s at most). */
    public void hold() {
        held = new CountDownLatch(1);
    }

    /** Answers the requests held, and every one after them as usual. */
    public void release() {
        CountDownLatch gate = held;
        held = null;
        if (gate != null) {
            gate.countDown();
        }
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public void recover() {
        failingStatus = 0;
        failNext.set(0);
    }

    public List<Received> received() {
        return new ArrayList<>(received);
    }

    public List<Received> receivedAt(String path) {
        return received.stream().filter(r -> path.equals(r.path())).toList();
    }

    public List<Received> receivedFor(String orderId) {
        return received.stream().filter(r -> orderId.equals(r.json().get("order_id"))).toList();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        close();
    }

    /** Stops listening: connections to its port are refused from now on. */
    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            server.stop(0);
            ((ExecutorService) server.getExecutor()).shutdownNow();
        }
    }
}
