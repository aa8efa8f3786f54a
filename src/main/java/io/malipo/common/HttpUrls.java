package io.malipo.common;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

/** Where merchants ask Malipo to send things: absolute http(s) URLs, https only in live mode. */
public final class HttpUrls {

    public static final int MAX_LENGTH = 2048;
    public static final String LIVE_RULE = "must be an https URL in live mode";

    private HttpUrls() {
    }

    /** The URL when the text is an absolute http or https URL with a host, of at most 2048 characters. */
    public static Optional<URI> absolute(String text) {
        if (text == null || !text.regionMatches(true, 0, "http://", 0, 7)
                && !text.regionMatches(true, 0, "https://", 0, 8)) {
            return Optional.empty();
        }
        try {
            URI uri = new URI(text);
            return uri.getHost() == null || uri.getHost().isBlank() || text.length() > MAX_LENGTH
                    ? Optional.empty() : Optional.of(uri);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
    }

    public static boolean isHttps(URI uri) {
        return "https".equalsIgnoreCase(uri.getScheme());
    }
}
