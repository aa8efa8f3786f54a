package io.malipo.common.web;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpExchanges;
import io.malipo.common.Surface;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.web.servlet.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * Answers what was refused before any Malipo route ran: no operation at the path, a method the
 * path does not take, a failure in the servlet container. It replaces Spring Boot's default
 * error page so these answers look like every other error of the surface.
 */
@Controller
public class ErrorPage implements ErrorController {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorPage.class);

    private final ErrorResponses errors;
    private final ApplicationAvailability availability;

    public ErrorPage(ErrorResponses errors, ApplicationAvailability availability) {
        this.errors = errors;
        this.availability = availability;
    }

    @RequestMapping("${server.error.path:/error}")
    public ResponseEntity<byte[]> error(HttpServletRequest request, HttpServletResponse response) {
        Object statusAttribute = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        String path = (String) request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        if (statusAttribute == null || path == null) {
            // Someone asked for the error page itself.
            statusAttribute = 404;
            path = request.getRequestURI();
        }
        int status = (Integer) statusAttribute;
        String requestId = HttpExchanges.requestId(request);
        if (requestId == null) {
            requestId = UUID.randomUUID().toString();
        }
        Throwable failure = failure(request);
        if (status >= 500 && failure != null) {
            LOG.error("Unexpected failure, answering {} (reference {} on {})", status, requestId, path, failure);
        }
        // Tomcat listens before the routes are in place and after they are gone: a path that is
        // unknown only for that moment must not tell a client (or a balancer) it does not exist.
        if (status == 404 && availability.getReadinessState() != ReadinessState.ACCEPTING_TRAFFIC) {
            status = 503;
        }
        ApiException error = describe(status, path, response.getHeader("Allow"), requestId);
        ErrorResponses.Rendered rendered = errors.render(Surface.of(path), error, path, requestId);
        HttpHeaders headers = new HttpHeaders();
        // Headers already on the response (Allow, from Spring's own refusal) are not repeated.
        rendered.headers().forEach((name, value) -> {
            if (!response.containsHeader(name)) {
                headers.set(name, value);
            }
        });
        headers.set(HttpHeaders.CONTENT_TYPE, rendered.contentType());
        return new ResponseEntity<>(rendered.body(), headers, rendered.status());
    }

    static ApiException describe(int status, String path, String allow, String requestId) {
        return switch (status) {
            case 404 -> ApiException.notFound("There is no operation at " + path
                    + ". The operations Malipo offers are listed in /openapi.json.");
            case 405 -> {
                ApiException error = new ApiException(405, "method_not_allowed", allow == null || allow.isBlank()
                        ? "This method is not allowed on " + path + "."
                        : "This method is not allowed on " + path + "; it accepts " + allow + ".");
                yield allow == null ? error : error.withHeader("Allow", allow);
            }
            case 406 -> new ApiException(406, "not_acceptable",
                    "This API answers only in JSON: send 'Accept: application/json' (or leave Accept out).");
            case 413 -> new ApiException(413, "body_too_large", "The request body is too large.");
            case 415 -> new ApiException(415, "unsupported_media_type", "Send the body as JSON.");
            case 503 -> new ApiException(503, "service_unavailable",
                    "Malipo is starting or stopping; retry in a few seconds.").withHeader("Retry-After", "5");
            default -> status >= 500
                    ? ErrorRouteConfigurations.internalError(requestId)
                    : new ApiException(status, status == 400 ? "bad_request" : "request_refused",
                            "The request could not be processed as sent; check its path, headers and body.");
        };
    }

    private static Throwable failure(HttpServletRequest request) {
        Object servletError = request.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (servletError instanceof Throwable t) {
            return t;
        }
        Object mvcError = request.getAttribute(DispatcherServlet.EXCEPTION_ATTRIBUTE);
        return mvcError instanceof Throwable t ? t : null;
    }
}
