package io.malipo.common.web;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.ErrorRouteConfigurations;
import io.malipo.common.HttpExchanges;
import io.malipo.common.Surface;
import java.io.IOException;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.catalina.Context;
import org.apache.catalina.Host;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Valve;
import org.apache.catalina.connector.Request;
import org.apache.catalina.connector.Response;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.coyote.ActionCode;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Answers what Tomcat refuses before Spring sees the request (a malformed URL, headers over the
 * size limit) in the surface's error format rather than Tomcat's HTML page. Everything Spring
 * handles has already written its body by then, and this leaves it alone.
 */
@Component
public class ContainerErrors implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

    private static final int MAX_PATH_SHOWN = 200;

    private final ErrorResponses errors;

    public ContainerErrors(ErrorResponses errors) {
        this.errors = errors;
    }

    @Override
    public void customize(TomcatServletWebServerFactory factory) {
        // The host installs its own report valve when it starts, before its contexts start.
        factory.addContextLifecycleListeners(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())
                    && ((Context) event.getLifecycle()).getParent() instanceof Host host) {
                for (Valve valve : host.getPipeline().getValves()) {
                    if (valve instanceof ErrorReportValve && !(valve instanceof SurfaceErrorReportValve)) {
                        host.getPipeline().removeValve(valve);
                    }
                }
                host.getPipeline().addValve(new SurfaceErrorReportValve());
            }
        });
    }

    /** The path as an error answer shows it: never longer than a person reads. */
    static String shown(String path) {
        if (path == null) {
            return "/";
        }
        return path.length() > MAX_PATH_SHOWN ? path.substring(0, MAX_PATH_SHOWN) + "..." : path;
    }

    /** The answer to a request the web server could not read. */
    static ApiException unreadable(int status, String requestId) {
        return status >= 500 ? ErrorRouteConfigurations.internalError(requestId)
                : new ApiException(status, status == 400 ? "bad_request" : "request_refused",
                        "The request could not be read as sent: check that the URL is correctly percent-encoded "
                                + "and that the headers are not too large.");
    }

    private final class SurfaceErrorReportValve extends ErrorReportValve {

        @Override
        protected void report(Request request, Response response, Throwable throwable) {
            int status = response.getStatus();
            if (status < 400 || response.getContentWritten() > 0 || !response.setErrorReported()) {
                return;
            }
            AtomicBoolean ioAllowed = new AtomicBoolean(false);
            response.getCoyoteResponse().action(ActionCode.IS_IO_ALLOWED, ioAllowed);
            if (!ioAllowed.get()) {
                return;
            }
            Object known = HttpExchanges.requestId(request);
            String requestId = known == null ? UUID.randomUUID().toString() : known.toString();
            String path = shown(request.getRequestURI());
            ApiException error = unreadable(status, requestId);
            try {
                response.setHeader(EdgeFilter.REQUEST_ID_HEADER, requestId);
                errors.write(response, Surface.of(path), error, path, requestId);
            } catch (IOException | IllegalStateException e) {
                // The client is gone or the response cannot take a body; nothing more to say.
            }
        }
    }
}
