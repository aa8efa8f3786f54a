package io.malipo.common;

import java.util.List;

/**
 * What Malipo's routes read of the HTTP request behind an exchange, the same whichever web server
 * took it: the path after the surface's normalisation, the query as sent, the socket's peer and
 * any X-Forwarded-For hops (for {@link ClientAddress} to weigh), and the body exactly as the
 * client sent it (checkout signatures are computed over the client's own rendering of values).
 */
public record HttpCall(RequestLog log, String method, String path, String rawQuery, String peer,
        List<String> forwardedFor, byte[] body) {

    public String requestId() {
        return log.id();
    }
}
