package io.malipo.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A live provider speaking the USSD-push aggregator API (routes/providers/push-ussd.yaml) that a
 * test can make misbehave: act on a request and still answer 502 or 503 (as a gateway in front
 * of a provider does), refuse it by the protocol, or accept it; and answer status queries as
 * told. It records every request it acted on, so a test can count what reached the provider.
 */
public final class FakeProvider implements AutoCloseable {

    /** How the next requests of a kind (requests, payouts, reversals) are answered. */
    public enum Answer {
        /** Acted on: 202 ACCEPTED with a request id. */
        ACCEPT,
        /** Acted on, then a gateway answers 502 with an HTML page. */
        ACT_THEN_502,
        /** Acted on, then a gateway answers 503 with no body. */
        ACT_THEN_503,
        /** Refused by the protocol: 400 REJECTED; nothing was done. */
        REJECT
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpServer server;
    private final Map<String, Answer> answers = new ConcurrentHashMap<>();
    private final Map<String, String> statuses = new ConcurrentHashMap<>();
    private final List<JsonNode> acted = new CopyOnWriteArrayList<>();

    public FakeProvider() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.createContext("/push-ussd/v1/", this::handle);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** kind: requests, payouts or reversals. */
    public FakeProvider answer(String kind, Answer answer) {
        answers.put(kind, answer);
        return this;
    }

    /** What GET /push-ussd/v1/requests/{reference} says: SUCCESS, FAILED or PENDING (unknown: 404). */
    public FakeProvider status(String reference, String status) {
        statuses.put(reference, status);
        return this;
    }

    /** The requests of a kind the provider acted on, for one Malipo reference. */
    public long acted(String kind, String reference) {
        return acted.stream().filter(r -> r.path("kind").asText().equals(kind)
                && r.path("reference").asText().equals(reference)).count();
    }

    public long acted(String kind) {
        return acted.stream().filter(r -> r.path("kind").asText().equals(kind)).count();
    }

    /** The last reference Malipo sent with a request of this kind. */
    public String lastReference(String kind) {
        return acted.stream().filter(r -> r.path("kind").asText().equals(kind)).reduce((a, b) -> b)
                .map(r -> r.path("reference").asText()).orElseThrow();
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            if ("GET".equals(exchange.getRequestMethod())) {
                String reference = path.substring(path.lastIndexOf('/') + 1);
                String status = statuses.get(reference);
                if (status == null) {
                    send(exchange, 404, "{\"status\": \"NOT_FOUND\"}");
                } else {
                    send(exchange, 200, "{\"reference\": \"" + reference + "\", \"status\": \"" + status
                            + "\", \"transaction_id\": \"TX-" + reference + "\"}");
                }
                return;
            }
            String kind = path.substring(path.lastIndexOf('/') + 1);
            JsonNode request = JSON.readTree(exchange.getRequestBody().readAllBytes());
            Answer answer = answers.getOrDefault(kind, Answer.ACCEPT);
            if (answer == Answer.REJECT) {
                send(exchange, 400, "{\"status\": \"REJECTED\", \"reason\": \"declined\", \"message\": \"Refused by "
                        + "the test provider\"}");
                return;
            }
            acted.add(JSON.createObjectNode().put("kind", kind).put("reference", request.path("reference").asText()));
            switch (answer) {
                case ACT_THEN_502 -> send(exchange, 502, "<html><body><h1>502 Bad Gateway</h1></body></html>");
                case ACT_THEN_503 -> send(exchange, 503, "");
                default -> send(exchange, 202, "{\"request_id\": \"RQ-" + request.path("reference").asText()
                        + "\", \"status\": \"ACCEPTED\"}");
            }
        }
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", body.startsWith("<") ? "text/html" : "application/json");
        exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            exchange.getResponseBody().write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
