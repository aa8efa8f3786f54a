package io.malipo.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Turns a refused request into the body its surface promises: the checkout envelope on
 * {@code /v1/checkout}, RFC 9457 problem details everywhere else. Used by the Camel route
 * configurations, the servlet filter and the error page alike, so an error looks the same
 * whichever layer caught it.
 */
@Component
public class ErrorResponses {

    public static final String PROBLEM_JSON = "application/problem+json";
    public static final String JSON = "application/json; charset=UTF-8";
    private static final String PROBLEM_TYPE_PREFIX = "urn:malipo:problem:";

    private final ObjectMapper mapper;

    public ErrorResponses(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    public record Rendered(int status, String contentType, byte[] body, Map<String, String> headers) {
    }

    public Rendered render(Surface surface, ApiException error, String path, String requestId) {
        ObjectNode body = surface == Surface.CHECKOUT
                ? checkoutEnvelope(error, requestId)
                : problem(error, path, requestId);
        String contentType = surface == Surface.CHECKOUT ? JSON : PROBLEM_JSON;
        try {
            return new Rendered(error.status(), contentType, mapper.writeValueAsBytes(body), error.headers());
        } catch (JsonProcessingException e) {
            // A tree of strings and numbers always serialises; reaching here is a programming error.
            throw new IllegalStateException("cannot serialise an error body", e);
        }
    }

    /** Answers a Camel exchange that came in over HTTP with the rendered error. */
    public void write(Exchange exchange, Surface surface, ApiException error) {
        Rendered rendered = render(surface, error, HttpExchanges.path(exchange), HttpExchanges.requestId(exchange));
        Message out = exchange.getMessage();
        out.removeHeaders("*");
        rendered.headers().forEach(out::setHeader);
        out.setHeader(Exchange.HTTP_RESPONSE_CODE, rendered.status());
        out.setHeader(Exchange.CONTENT_TYPE, rendered.contentType());
        out.setBody(new String(rendered.body(), StandardCharsets.UTF_8));
    }

    /** Answers a servlet response directly, for errors caught before Camel sees the request. */
    public void write(HttpServletResponse response, Surface surface, ApiException error, String path,
            String requestId) throws IOException {
        Rendered rendered = render(surface, error, path, requestId);
        response.resetBuffer();
        response.setStatus(rendered.status());
        rendered.headers().forEach(response::setHeader);
        response.setContentType(rendered.contentType());
        response.setContentLength(rendered.body().length);
        response.getOutputStream().write(rendered.body());
        response.flushBuffer();
    }

    private ObjectNode checkoutEnvelope(ApiException error, String requestId) {
        ObjectNode body = mapper.createObjectNode();
        body.put("reference", requestId);
        body.put("resultcode", Integer.toString(error.status()));
        body.put("result", "FAIL");
        body.put("message", error.getMessage());
        body.putArray("data");
        return body;
    }

    private ObjectNode problem(ApiException error, String path, String requestId) {
        ObjectNode body = mapper.createObjectNode();
        body.put("type", PROBLEM_TYPE_PREFIX + error.code());
        body.put("title", title(error.status()));
        body.put("status", error.status());
        body.put("detail", error.getMessage());
        body.put("code", error.code());
        if (path != null) {
            body.put("instance", path);
        }
        body.put("reference", requestId);
        if (!error.fieldErrors().isEmpty()) {
            ArrayNode errors = body.putArray("errors");
            error.fieldErrors().forEach(f -> errors.addObject().put("field", f.field()).put("message", f.message()));
        }
        return body;
    }

    private static String title(int status) {
        HttpStatus known = HttpStatus.resolve(status);
        return known == null ? "Error" : known.getReasonPhrase();
    }
}
