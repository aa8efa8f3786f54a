package io.malipo.common;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.component.platform.http.springboot.PlatformHttpMessage;

/**
 * What a route needs to know about the HTTP request behind its exchange. The servlet request
 * carries the request id (set by {@link io.malipo.common.web.EdgeFilter}) and collects the
 * merchant id for the request log; exchanges started elsewhere (timers, tests) have neither.
 */
public final class HttpExchanges {

    public static final String REQUEST_ID = "malipo.requestId";
    public static final String MERCHANT_ID = "malipo.merchantId";
    public static final String RAW_BODY = "malipo.rawBody";
    private static final String FALLBACK_REQUEST_ID = "malipoRequestId";
    private static final String SERVLET_REQUEST = "malipoServletRequest";

    private HttpExchanges() {
    }

    /**
     * The servlet request behind the exchange. Camel replaces the platform-http message with a
     * plain one at the first setBody step, so the request is also kept in an exchange property the
     * first time it is seen: every operation route calls {@link #remember} as its first step.
     */
    public static Optional<HttpServletRequest> request(Exchange exchange) {
        if (exchange.getIn() instanceof PlatformHttpMessage message && message.getRequest() != null) {
            exchange.setProperty(SERVLET_REQUEST, message.getRequest());
            return Optional.of(message.getRequest());
        }
        return Optional.ofNullable(exchange.getProperty(SERVLET_REQUEST, HttpServletRequest.class));
    }

    /** Keeps the servlet request for the rest of the exchange, whatever becomes of its message. */
    public static void remember(Exchange exchange) {
        request(exchange);
    }

    public static String requestId(Exchange exchange) {
        return request(exchange)
                .map(r -> (String) r.getAttribute(REQUEST_ID))
                .orElseGet(() -> exchange.getProperties()
                        .computeIfAbsent(FALLBACK_REQUEST_ID, k -> UUID.randomUUID().toString())
                        .toString());
    }

    public static String path(Exchange exchange) {
        return request(exchange).map(HttpServletRequest::getRequestURI).orElse(null);
    }

    /** The body exactly as the client sent it (capped by the edge filter), or an empty array. */
    public static byte[] rawBody(Exchange exchange) {
        return request(exchange)
                .map(r -> (byte[]) r.getAttribute(RAW_BODY))
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
        request(exchange).ifPresent(r -> r.setAttribute(MERCHANT_ID, String.valueOf(merchantId)));
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
