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
 * A merchant's callback endpoint for tests: records every request, answers 200, or fails on
 * demand (the next n requests, or until told to recover), and checks a callback's Digest the
 * way a merchant's code would, with the API secret.
 */
public final class CallbackReceiver implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger failNext = new AtomicInteger();
    private volatile int failingStatus;

    public record Received(Map<String, String> headers, String body) {

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
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            received.add(new Received(headers, body));
            int status = failingStatus != 0 ? failingStatus : failNext.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? 500 : 200;
            exchange.sendResponseHeaders(status, -1);
            exchange.close();
        });
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/callback";
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

    public List<Received> receivedFor(String orderId) {
        return received.stream().filter(r -> orderId.equals(r.json().get("order_id"))).toList();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
