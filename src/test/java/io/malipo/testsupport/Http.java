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
        return raw(null, requestLineAndHeaders);
    }

    /**
     * A request sent from a chosen local address (such as 127.0.0.2, another loopback address),
     * to test what depends on where a client calls from.
     */
    public Response from(String localAddress, String method, String path, String body, String... headers) {
        StringBuilder request = new StringBuilder(method + " " + path + " HTTP/1.1\n");
        Map<String, String> all = new LinkedHashMap<>(defaults);
        for (int i = 0; i < headers.length; i += 2) {
            all.put(headers[i], headers[i + 1]);
        }
        all.forEach((name, value) -> request.append(name).append(": ").append(value).append('\n'));
        byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
        request.append("Content-Length: ").append(bytes.length).append('\n');
        return raw(localAddress, request.toString() + "\u0000" + (body == null ? "" : body));
    }

    private Response raw(String localAddress, String requestLineAndHeaders) {
        URI base = URI.create(baseUrl);
        try (Socket socket = new Socket()) {
            if (localAddress != null) {
                socket.bind(new java.net.InetSocketAddress(localAddress, 0));
            }
            socket.connect(new java.net.InetSocketAddress(base.getHost(), base.getPort()), 5000);
            socket.setSoTimeout(10_000);
            int bodyAt = requestLineAndHeaders.indexOf('\u0000');
            String requestHead = bodyAt < 0 ? requestLineAndHeaders : requestLineAndHeaders.substring(0, bodyAt);
            String requestBody = bodyAt < 0 ? "" : requestLineAndHeaders.substring(bodyAt + 1);
            String request = requestHead.replace("\n", "\r\n")
                    + "Host: " + base.getHost() + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().write(requestBody.getBytes(StandardCharsets.UTF_8));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int split = answer.indexOf("\r\n\r\n");
            String[] head = answer.substring(0, split).split("\r\n");
            Map<String, List<String>> headers = new LinkedHashMap<>();
            for (int i = 1; i < head.length; i++) {
                int colon = head[i].indexOf(':');
                headers.computeIfAbsent(head[i].substring(0, colon).trim(), k -> new ArrayList<>())
                        .add(head[i].substring(colon + 1).trim());
            }
            String body = answer.substring(split + 4);
            boolean chunked = headers.entrySet().stream().anyMatch(h -> h.getKey().equalsIgnoreCase("Transfer-Encoding")
                    && h.getValue().contains("chunked"));
            return new Response(Integer.parseInt(head[0].split(" ")[1]), headers, chunked ? dechunk(body) : body);
        } catch (IOException e) {
            throw new IllegalStateException("raw request failed: " + e.getMessage(), e);
        }
    }

    private static String dechunk(String chunked) {
        StringBuilder body = new StringBuilder();
        int at = 0;
        while (true) {
            int lineEnd = chunked.indexOf("\r\n", at);
            int size = Integer.parseInt(chunked.substring(at, lineEnd).trim(), 16);
            if (size == 0) {
                return body.toString();
            }
            body.append(chunked, lineEnd + 2, lineEnd + 2 + size);
            at = lineEnd + 2 + size + 2;
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
