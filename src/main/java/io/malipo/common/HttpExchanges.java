package io.malipo.common;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.springboot.PlatformHttpMessage;

/**
 * What a route needs to know about the HTTP request behind its exchange ({@link HttpCall}).
 * Exchanges started elsewhere (timers, tests) have none; they still get a request id of their own
 * for the errors they may answer.
 */
public final class HttpExchanges {

    /** The servlet request attribute that carries the {@link RequestLog}, set by the servlet edge. */
    public static final String REQUEST_LOG = "malipo.requestLog";
    /** The servlet request attribute that carries the body as read by the servlet edge. */
    public static final String RAW_BODY = "malipo.rawBody";
    private static final String CALL = "malipoHttpCall";
    private static final String FALLBACK_REQUEST_ID = "malipoRequestId";
    private static final String SERVLET_REQUEST = "malipoServletRequest";

    private HttpExchanges() {
    }

    /**
     * The request behind the exchange. Camel replaces the platform-http message with a plain one
     * at the first setBody step, so what is read of it is kept in an exchange property the first
     * time it is seen: every operation route calls {@link #remember} as its first step.
     */
    public static Optional<HttpCall> call(Exchange exchange) {
        HttpCall call = exchange.getProperty(CALL, HttpCall.class);
        if (call == null) {
            call = request(exchange).map(HttpExchanges::call).orElse(null);
            if (call != null) {
                exchange.setProperty(CALL, call);
            }
        }
        return Optional.ofNullable(call);
    }

    /** Set by a web server's edge that reads the request itself (no servlet request behind it). */
    public static void setCall(Exchange exchange, HttpCall call) {
        exchange.setProperty(CALL, call);
    }

    private static HttpCall call(HttpServletRequest request) {
        RequestLog log = (RequestLog) request.getAttribute(REQUEST_LOG);
        byte[] body = (byte[]) request.getAttribute(RAW_BODY);
        return new HttpCall(log == null ? new RequestLog() : log, request.getMethod(), request.getRequestURI(),
                request.getQueryString(), request.getRemoteAddr(),
                Collections.list(request.getHeaders("X-Forwarded-For")), body == null ? new byte[0] : body);
    }

    /**
     * The servlet request behind the exchange, for the pages served by the servlet container
     * (cookies, sessions); empty on any other server.
     */
    public static Optional<HttpServletRequest> request(Exchange exchange) {
        if (exchange.getIn() instanceof PlatformHttpMessage message && message.getRequest() != null) {
            exchange.setProperty(SERVLET_REQUEST, message.getRequest());
            return Optional.of(message.getRequest());
        }
        return Optional.ofNullable(exchange.getProperty(SERVLET_REQUEST, HttpServletRequest.class));
    }

    /** Keeps what is known of the request for the rest of the exchange, whatever becomes of its message. */
    public static void remember(Exchange exchange) {
        call(exchange);
    }

    public static String requestId(Exchange exchange) {
        return call(exchange)
                .map(HttpCall::requestId)
                .orElseGet(() -> exchange.getProperties()
                        .computeIfAbsent(FALLBACK_REQUEST_ID, k -> UUID.randomUUID().toString())
                        .toString());
    }

    /** The id the servlet edge gave the request, or null before it has seen it. */
    public static String requestId(HttpServletRequest request) {
        return request.getAttribute(REQUEST_LOG) instanceof RequestLog log ? log.id() : null;
    }

    public static String path(Exchange exchange) {
        return call(exchange).map(HttpCall::path).orElse(null);
    }

    /** The body exactly as the client sent it (capped at the edge), or an empty array. */
    public static byte[] rawBody(Exchange exchange) {
        return call(exchange)
                .map(HttpCall::body)
                .orElseGet(() -> {
                    byte[] body = exchange.getIn().getBody(byte[].class);
                    return body == null ? new byte[0] : body;
                });
    }

    /**
     * Answers with a stored earlier answer and ends the exchange: the same request seen again
     * (a checkout replay, a repeated Idempotency-Key) is never executed twice.
     */
    public static void answerAgain(Exchange exchange, int status, String contentType, String body, String flag) {
        var out = exchange.getMessage();
        out.removeHeaders("*");
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, status);
        out.setHeader(Exchange.CONTENT_TYPE, contentType);
        out.setBody(body);
        exchange.setProperty(flag, true);
        exchange.setRouteStop(true);
    }

    /** Records which merchant a request acted for, so the request log can name it. */
    public static void setMerchant(Exchange exchange, Object merchantId) {
        call(exchange).ifPresent(c -> c.log().actingFor(merchantId));
    }

    /**
     * The {id} of the path. An id that is not even a UUID names nothing, so it is a 404 like an
     * unknown one (never echoed back: it could be anything).
     */
    public static UUID pathId(Exchange exchange, String what) {
        String id = exchange.getIn().getHeader("id", String.class);
        try {
            return UUID.fromString(id);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw ApiException.notFound("There is no " + what + " with that id; ids are UUIDs.");
        }
    }
}
