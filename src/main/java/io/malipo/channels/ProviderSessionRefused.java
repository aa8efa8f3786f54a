package io.malipo.channels;

/**
 * A provider would not hand out the session or access token a connector asked for, so nothing
 * else was sent to it: a request, payout or reversal that stops here is UNAVAILABLE, never
 * PENDING. Connector routes throw it (YAML {@code throwException}) when a token endpoint answers
 * anything but a token; the message names the HTTP status, never what was presented.
 */
public class ProviderSessionRefused extends RuntimeException {

    public ProviderSessionRefused(String message) {
        super(message);
    }
}
