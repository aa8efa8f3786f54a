package io.malipo.common;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal at the OAuth token endpoint, answered in RFC 6749's own form
 * ({@code {"error": ..., "error_description": ...}}) because that is what OAuth client
 * libraries parse there.
 */
public class OAuthError extends RuntimeException {

    private final int status;
    private final String error;
    private final Map<String, String> headers;

    private OAuthError(int status, String error, String description, Map<String, String> headers) {
        super(description, null, false, false);
        this.status = status;
        this.error = error;
        this.headers = Map.copyOf(headers);
    }

    public static OAuthError invalidClient(String description) {
        return new OAuthError(401, "invalid_client", description,
                Map.of("WWW-Authenticate", "ApiKey realm=\"malipo\", header=\"X-Api-Key\""));
    }

    public static OAuthError invalidRequest(String description) {
        return new OAuthError(400, "invalid_request", description, Map.of());
    }

    public static OAuthError unsupportedGrantType(String description) {
        return new OAuthError(400, "unsupported_grant_type", description, Map.of());
    }

    public static OAuthError invalidScope(String description) {
        return new OAuthError(400, "invalid_scope", description, Map.of());
    }

    /** Too many tokens asked for: not an RFC 6749 code, but in its form so the same client code reads it. */
    public static OAuthError rateLimited(long retryAfterSeconds) {
        return new OAuthError(429, "rate_limited", "Too many tokens requested with this key; a token lasts 300 "
                + "seconds, so reuse it until shortly before it expires. Retry in " + retryAfterSeconds + " s.",
                Map.of("Retry-After", Long.toString(retryAfterSeconds)));
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    public Map<String, String> headers() {
        return headers;
    }

    /** The body RFC 6749 §5.2 describes. */
    public Map<String, String> body() {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("error_description", getMessage());
        return body;
    }
}
