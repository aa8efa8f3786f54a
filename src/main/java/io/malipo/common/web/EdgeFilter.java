package io.malipo.common.web;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.HttpExchanges;
import io.malipo.common.MalipoProperties;
import io.malipo.common.RequestLog;
import io.malipo.common.Surface;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The first thing every request the servlet container serves meets ({@link ApiEdge} does the same
 * on the API listener). It gives the request an id, refuses what no operation
 * could answer (a response type other than JSON, a body over the cap) in the surface's own
 * error format, keeps the body bytes so operations can read them exactly as sent (checkout
 * signatures are computed over the client's own rendering), and writes one log line when the
 * response is complete.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE)
public class EdgeFilter extends OncePerRequestFilter {

    public static final String REQUEST_ID_HEADER = "X-Request-Id";
    private static final List<MediaType> JSON_TYPES =
            List.of(MediaType.APPLICATION_JSON, MediaType.APPLICATION_PROBLEM_JSON);
    private static final Set<String> COMMON_JSON_ACCEPTS = Set.of("application/json", "*/*",
            "application/json, text/plain, */*", "application/json;charset=UTF-8", "application/json; charset=utf-8");

    private final ErrorResponses errors;
    private final FrontDoor frontDoor;
    private final int maxBodyBytes;

    public EdgeFilter(ErrorResponses errors, FrontDoor frontDoor, MalipoProperties properties) {
        this.errors = errors;
        this.frontDoor = frontDoor;
        this.maxBodyBytes = Math.toIntExact(properties.http().maxBodySize().toBytes());
    }

    @Override
    protected void doFilterInternal(HttpServletRequest received, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        HttpServletRequest request = frontDoor.admit(received);
        RequestLog log = new RequestLog();
        String requestId = log.id();
        request.setAttribute(HttpExchanges.REQUEST_LOG, log);
        response.setHeader(REQUEST_ID_HEADER, requestId);
        Surface surface = Surface.of(request.getRequestURI());
        try {
            HttpServletRequest admitted = admit(request, response, surface, requestId);
            if (admitted != null) {
                chain.doFilter(admitted, response);
            }
        } finally {
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new LogOnCompletion(request, response, log));
            } else {
                log.write(request.getMethod(), request.getRequestURI(), response.getStatus());
            }
        }
    }

    /** The request to pass on, or null when it has already been answered with an error. */
    private HttpServletRequest admit(HttpServletRequest request, HttpServletResponse response, Surface surface,
            String requestId) throws IOException {
        if (surface.isApi() && !acceptsJson(request)) {
            errors.write(response, surface, notAcceptable(), request.getRequestURI(), requestId);
            return null;
        }
        if (request.getContentLengthLong() > maxBodyBytes) {
            refuseTooLarge(request, response, surface, requestId);
            return null;
        }
        byte[] body = readBody(request);
        if (body == null) {
            refuseTooLarge(request, response, surface, requestId);
            return null;
        }
        request.setAttribute(HttpExchanges.RAW_BODY, body);
        return new CachedBodyRequest(request, body);
    }

    private void refuseTooLarge(HttpServletRequest request, HttpServletResponse response, Surface surface,
            String requestId) throws IOException {
        // The rest of an oversized body is not read; the connection closes after this answer.
        response.setHeader("Connection", "close");
        errors.write(response, surface, tooLarge(maxBodyBytes), request.getRequestURI(), requestId);
    }

    static ApiException notAcceptable() {
        return new ApiException(406, "not_acceptable",
                "This API answers only in JSON: send 'Accept: application/json' (or leave Accept out).");
    }

    static ApiException tooLarge(int maxBodyBytes) {
        return new ApiException(413, "body_too_large",
                "The request body is larger than " + maxBodyBytes / 1024 + " KiB; send a smaller body.");
    }

    /** The body, or null when it turned out longer than the cap (chunked bodies declare no length). */
    private byte[] readBody(HttpServletRequest request) throws IOException {
        boolean chunked = "chunked".equalsIgnoreCase(request.getHeader("Transfer-Encoding"));
        if (request.getContentLengthLong() <= 0 && !chunked) {
            return new byte[0];
        }
        try (InputStream in = request.getInputStream()) {
            byte[] body = in.readNBytes(maxBodyBytes + 1);
            return body.length > maxBodyBytes ? null : body;
        }
    }

    static boolean acceptsJson(HttpServletRequest request) {
        return acceptsJson(Collections.list(request.getHeaders("Accept")));
    }

    static boolean acceptsJson(List<String> values) {
        if (values.isEmpty()) {
            return true;
        }
        if (values.size() == 1 && COMMON_JSON_ACCEPTS.contains(values.get(0))) {
            // What almost every client sends, answered without parsing media types on each request.
            return true;
        }
        try {
            List<MediaType> accepted = MediaType.parseMediaTypes(values);
            return accepted.isEmpty()
                    || accepted.stream().anyMatch(a -> JSON_TYPES.stream().anyMatch(a::isCompatibleWith));
        } catch (InvalidMediaTypeException e) {
            // Clients in the wild send malformed media types; an unreadable Accept excludes nothing.
            return true;
        }
    }

    private record LogOnCompletion(HttpServletRequest request, HttpServletResponse response, RequestLog log)
            implements AsyncListener {

        @Override
        public void onComplete(AsyncEvent event) {
            log.write(request.getMethod(), request.getRequestURI(), response.getStatus());
        }

        @Override
        public void onTimeout(AsyncEvent event) {
        }

        @Override
        public void onError(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this);
        }
    }
}
