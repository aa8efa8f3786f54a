package io.malipo.testsupport;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A merchant's callback endpoint for tests: records every request (path, headers and the exact
 * body bytes), answers 200, or fails on demand (the next n requests, or until told to recover),
 * and checks a callback's Digest the way a merchant's code would, with the API secret. One
 * receiver serves any number of URLs ({@link #url(String)}), told apart by path.
 */
public final class CallbackReceiver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger failNext = new AtomicInteger();
    private volatile int failingStatus;

    /** One request: headers by lower-case name, the body as text and as the bytes that came. */
    public record Received(Map<String, String> headers, String body, String path, byte[] bytes) {

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
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/", exchange -> {
            Map<String, String> headers = new LinkedHashMap<>();
            exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(), String.join(",", v)));
            byte[] bytes = exchange.getRequestBody().readAllBytes();
            received.add(new Received(headers, new String(bytes, StandardCharsets.UTF_8),
                    exchange.getRequestURI().getPath(), bytes));
            int status = failingStatus != 0 ? failingStatus : failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? 500 : 200;
            exchange.sendResponseHeaders(status, -1);
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
    public void close() {
        server.stop(0);
    }
}
