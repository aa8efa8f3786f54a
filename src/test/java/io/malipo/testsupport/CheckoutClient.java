package io.malipo.testsupport;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.testsupport.Http.Response;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs checkout requests the way the official clients do, by default: every top-level field
 * of the JSON body (or every query parameter) in order, JavaScript renderings, a +03:00
 * timestamp and "SELCOM Base64(key)". Every part can be overridden, so a test can send exactly
 * what a particular client library sends, or a forgery.
 */
public final class CheckoutClient {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Milliseconds, as the official JavaScript client's toISOString() sends them (clients signing to the second
     * make the same signature for two operations over the same fields in one second, good for one of them). */
    private static final DateTimeFormatter ISO = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSXXX");

    private final Http http;
    private final Clock clock;
    public final String vendor;
    public final String apiKey;
    public final String secret;

    public CheckoutClient(Http http, Clock clock, String vendor, String apiKey, String secret) {
        this.http = http;
        this.clock = clock;
        this.vendor = vendor;
        this.apiKey = apiKey;
        this.secret = secret;
    }

    public Request post(String path, String json) {
        return new Request("POST", path).json(json);
    }

    public Request get(String path, String query) {
        return new Request("GET", path).query(query);
    }

    public Request delete(String path, String query) {
        return new Request("DELETE", path).query(query);
    }

    public Request request(String method, String path) {
        return new Request(method, path);
    }

    public final class Request {

        private final String method;
        private final String path;
        private String body;
        private String query;
        private List<String> signedFields;
        private String signedValues;
        private String timestamp;
        private String signingSecret = secret;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private final Set<String> removed = new HashSet<>();

        private Request(String method, String path) {
            this.method = method;
            this.path = path;
            headers.put("Content-Type", "application/json");
            headers.put("Accept", "application/json");
            headers.put("Authorization", "SELCOM " + Base64.getEncoder().encodeToString(apiKey.getBytes()));
            headers.put("Digest-Method", "HS256");
        }

        public Request json(String json) {
            this.body = json;
            return this;
        }

        public Request query(String query) {
            this.query = query;
            return this;
        }

        /** The Signed-Fields list, exactly as the header will carry it. */
        public Request signedFields(String... names) {
            this.signedFields = List.of(names);
            return this;
        }

        /** The "&name=value..." part of the signing string, for clients that render values their own way. */
        public Request signedValues(String part) {
            this.signedValues = part;
            return this;
        }

        public Request timestamp(String timestamp) {
            this.timestamp = timestamp;
            return this;
        }

        public Request secret(String secret) {
            this.signingSecret = secret;
            return this;
        }

        public Request header(String name, String value) {
            if (value == null) {
                headers.remove(name);
                removed.add(name);
            } else {
                headers.put(name, value);
            }
            return this;
        }

        public Response send() {
            String ts = timestamp == null ? OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.ofHours(3))
                    .truncatedTo(ChronoUnit.MILLIS).format(ISO) : timestamp;
            Map<String, String> values = defaultValues();
            List<String> names = signedFields == null ? new ArrayList<>(values.keySet()) : signedFields;
            StringBuilder signing = new StringBuilder("timestamp=").append(ts);
            if (signedValues != null) {
                signing.append(signedValues);
            } else {
                for (String name : names) {
                    signing.append('&').append(name).append('=').append(values.getOrDefault(name.strip(), ""));
                }
            }
            Map<String, String> all = new LinkedHashMap<>(headers);
            all.putIfAbsent("Timestamp", ts);
            all.putIfAbsent("Signed-Fields", String.join(",", names));
            all.putIfAbsent("Digest", sign(signingSecret, signing.toString()));
            removed.forEach(all::remove);
            List<String> flat = new ArrayList<>();
            all.forEach((k, v) -> {
                flat.add(k);
                flat.add(v);
            });
            String target = query == null ? path : path + "?" + query;
            return http.send(method, target, body, flat.toArray(String[]::new));
        }

        /** What the official JavaScript client would sign for each field it sends. */
        private Map<String, String> defaultValues() {
            Map<String, String> values = new LinkedHashMap<>();
            if (body != null && body.strip().startsWith("{")) {
                try {
                    Map<String, Object> parsed = JSON.readValue(body, new TypeReference<LinkedHashMap<String, Object>>() { });
                    parsed.forEach((k, v) -> values.put(k, v instanceof Map ? "[object Object]" : String.valueOf(v)));
                } catch (IOException e) {
                    // a deliberately malformed body signs nothing
                }
            }
            if (query != null) {
                for (String pair : query.split("&")) {
                    int eq = pair.indexOf('=');
                    if (eq > 0) {
                        values.putIfAbsent(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                                URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
                    }
                }
            }
            return values;
        }
    }

    public static String sign(String secret, String text) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getEncoder().encodeToString(mac.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
