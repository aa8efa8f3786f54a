package io.malipo.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A plain HTTP client for tests: sends exactly the method, headers and bytes it is given (so
 * tests can send what real clients send, malformed or not) and hands back status, headers and
 * body.
 */
public final class Http {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String baseUrl;
    private final Map<String, String> defaults = new LinkedHashMap<>();

    public Http(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    /** A client that adds {@code Authorization: Bearer <token>} to every request. */
    public Http bearer(String token) {
        Http copy = new Http(baseUrl);
        copy.defaults.putAll(defaults);
        copy.defaults.put("Authorization", "Bearer " + token);
        return copy;
    }

    public Response get(String path, String... headers) {
        return send("GET", path, (String) null, headers);
    }

    /** The body of a GET as bytes, for images. */
    public byte[] getBytes(String path) {
        try {
            return client.send(HttpRequest.newBuilder(URI.create(baseUrl + path)).GET().build(),
                    HttpResponse.BodyHandlers.ofByteArray()).body();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public Response post(String path, String body, String... headers) {
        return send("POST", path, body, headers);
    }

    public Response send(String method, String path, String body, String... headers) {
        return exchange(method, path, body == null ? null : HttpRequest.BodyPublishers.ofString(body), headers);
    }

    /** Sends a body of unknown length, which goes out with chunked transfer encoding. */
    public Response sendChunked(String method, String path, byte[] body, String... headers) {
        return exchange(method, path,
                HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(body)), headers);
    }

    /**
     * Writes the request line and headers exactly as given over a plain socket, for requests no
     * well-behaved client library would send (a malformed URL, for one).
     */
    public Response raw(String requestLineAndHeaders) {
        URI base = URI.create(baseUrl);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            String request = requestLineAndHeaders.replace("\n", "\r\n")
                    + "Host: " + base.getHost() + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int split = answer.indexOf("\r\n\r\n");
            String[] head = answer.substring(0, split).split("\r\n");
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (int i = 1; i < head.length; i++) {
                int colon = head[i].indexOf(':');
                headers.computeIfAbsent(head[i].substring(0, colon).trim(), k -> new ArrayList<>())
                        .add(head[i].substring(colon + 1).trim());
            }
            return new Response(Integer.parseInt(head[0].split(" ")[1]), headers, answer.substring(split + 4));
        } catch (IOException e) {
            throw new IllegalStateException("raw request failed: " + e.getMessage(), e);
        }
    }

    private Response exchange(String method, String path, HttpRequest.BodyPublisher body, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(Duration.ofSeconds(30))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : body);
        defaults.forEach(request::header);
        for (int i = 0; i < headers.length; i += 2) {
            request.setHeader(headers[i], headers[i + 1]);
        }
        try {
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Response(response.statusCode(), response.headers().map(),
                    new String(response.body(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException(method + " " + path + " failed: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public record Response(int status, Map<String, List<String>> headers, String body) {

        public Optional<String> header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                    .flatMap(e -> e.getValue().stream()).findFirst();
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (status " + status + "): " + body, e);
            }
        }

        @Override
        public String toString() {
            return status + " " + body;
        }
    }
}
