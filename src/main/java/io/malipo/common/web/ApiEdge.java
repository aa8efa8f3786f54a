package io.malipo.common.web;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.HttpCall;
import io.malipo.common.RequestLog;
import io.malipo.common.Surface;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Route;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.httpproxy.HttpProxy;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;

/**
 * What {@link EdgeFilter} and the surfaces' {@link PathRewrite}s do on the servlet container, done
 * on the API listener ({@link ApiServer}) for the paths it serves: a request id and the log line,
 * the refusals no operation could avoid (an Accept that excludes JSON, a body over the cap), a
 * client's variant of a path mapped onto the operation, and the surface's own 404, 405 and 503 for
 * an API path no operation takes. Every other path goes on to the servlet container unread.
 */
final class ApiEdge {

    private static final String LOG = "malipo.requestLog";
    private static final String PATH = "malipo.path";

    private final ErrorResponses errors;
    private final List<PathRewrite> rewrites;
    private final ApplicationAvailability availability;
    private final int maxBodyBytes;
    private Router router;

    ApiEdge(ErrorResponses errors, List<PathRewrite> rewrites, ApplicationAvailability availability,
            int maxBodyBytes) {
        this.errors = errors;
        this.rewrites = rewrites;
        this.availability = availability;
        this.maxBodyBytes = maxBodyBytes;
    }

    void install(Router router, HttpProxy toServlet, BooleanSupplier servletListening) {
        this.router = router;
        router.route().order(Integer.MIN_VALUE).handler(this::admit);
        router.route().order(Integer.MAX_VALUE).handler(context -> {
            if (context.get(LOG) != null) {
                unserved(context);
            } else if (servletListening.getAsBoolean()) {
                toServlet.handle(context.request());
            } else {
                // The listener opens before the container does, and the pages are not there yet.
                RequestLog log = new RequestLog();
                context.put(LOG, log);
                context.put(PATH, context.request().path());
                refuse(context, ErrorPage.describe(503, context.request().path(), null, log.id()));
                log.write(context.request().method().name(), context.request().path(), 503);
            }
        });
        router.route().order(Integer.MIN_VALUE).failureHandler(this::failed);
        // Refused before any route is tried (an HTTP/1.1 request without Host, a path that does not
        // start with a slash).
        router.errorHandler(400, context -> unreadable(context.request(), 400));
    }

    /** Whether the API listener serves this path itself (the rest goes to the servlet container). */
    static boolean serves(String path) {
        Surface surface = Surface.of(path);
        return surface == Surface.CHECKOUT || surface == Surface.TOKEN_API;
    }

    private void admit(RoutingContext context) {
        if (context.get(LOG) != null) {
            // Back again after a rewrite.
            context.next();
            return;
        }
        HttpServerRequest request = context.request();
        String received = request.path();
        if (!serves(received)) {
            context.next();
            return;
        }
        RequestLog log = new RequestLog();
        String path = received;
        for (PathRewrite rewrite : rewrites) {
            path = rewrite.rewrite(request.method().name(), path);
        }
        String served = path;
        context.put(LOG, log);
        context.put(PATH, served);
        HttpServerResponse response = context.response();
        response.putHeader(EdgeFilter.REQUEST_ID_HEADER, log.id());
        context.addEndHandler(done -> log.write(request.method().name(), served, response.getStatusCode()));
        if (!EdgeFilter.acceptsJson(request.headers().getAll("Accept"))) {
            refuse(context, EdgeFilter.notAcceptable());
            return;
        }
        if (declaredLength(request) > maxBodyBytes) {
            // The rest of an oversized body is not read; the connection closes after this answer.
            response.putHeader("Connection", "close");
            refuse(context, EdgeFilter.tooLarge(maxBodyBytes));
            return;
        }
        if (!served.equals(received)) {
            String query = request.query();
            context.reroute(request.method(), query == null ? served : served + "?" + query);
            return;
        }
        context.next();
    }

    private static long declaredLength(HttpServerRequest request) {
        String length = request.getHeader("Content-Length");
        if (length == null) {
            return -1;
        }
        try {
            return Long.parseLong(length.strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** What a route reads of the request (see {@link HttpCall}), once its body has been read. */
    static HttpCall call(RoutingContext context) {
        RequestLog log = context.get(LOG);
        HttpServerRequest request = context.request();
        Buffer body = context.body() == null ? null : context.body().buffer();
        String path = context.get(PATH);
        return new HttpCall(log == null ? new RequestLog() : log, request.method().name(),
                path == null ? request.path() : path, request.query(),
                request.remoteAddress() == null ? null : request.remoteAddress().hostAddress(),
                request.headers().getAll("X-Forwarded-For"), body == null ? new byte[0] : body.getBytes());
    }

    /** An API path no operation took: starting or stopping, a method the path does not take, or nothing there. */
    private void unserved(RoutingContext context) {
        String path = context.get(PATH);
        RequestLog log = context.get(LOG);
        int status;
        String allow = null;
        if (availability.getReadinessState() != ReadinessState.ACCEPTING_TRAFFIC) {
            status = 503;
        } else {
            allow = allowed(path);
            status = allow.isEmpty() ? 404 : 405;
        }
        refuse(context, ErrorPage.describe(status, path, allow == null || allow.isEmpty() ? null : allow, log.id()));
    }

    /** The methods the operations at this path take, as an Allow header lists them. */
    private String allowed(String path) {
        String[] asked = path.split("/", -1);
        Set<String> methods = new TreeSet<>();
        for (Route route : router.getRoutes()) {
            String template = route.getPath();
            if (template != null && route.methods() != null && matches(template.split("/", -1), asked)) {
                route.methods().stream().map(HttpMethod::name).forEach(methods::add);
            }
        }
        return methods.stream().collect(Collectors.joining(", "));
    }

    private static boolean matches(String[] template, String[] asked) {
        if (template.length != asked.length) {
            return false;
        }
        for (int i = 0; i < template.length; i++) {
            boolean parameter = template[i].startsWith(":") && !asked[i].isEmpty();
            if (!parameter && !template[i].equals(asked[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * A failure in routing: a path that cannot be decoded (before any route, so on any surface),
     * a body longer than the cap or one that broke off.
     */
    private void failed(RoutingContext context) {
        if (context.response().headWritten()) {
            if (!context.response().ended()) {
                context.response().reset();
            }
            return;
        }
        if (context.get(LOG) == null) {
            unreadable(context.request(), context.statusCode() > 0 ? context.statusCode() : 400);
            return;
        }
        RequestLog log = context.get(LOG);
        if (context.statusCode() == 413) {
            context.response().putHeader("Connection", "close");
            refuse(context, EdgeFilter.tooLarge(maxBodyBytes));
        } else if (!context.request().isEnded()) {
            // The body broke off or could not be decoded (a malformed chunk): the connection
            // closes after this answer.
            context.response().putHeader("Connection", "close");
            refuse(context, ContainerErrors.unreadable(400, log.id()));
            // Vert.x closes the connection as soon as this returns, and holds writes made while it
            // is reading until the read is done: without a flush now, the answer would be dropped.
            if (context.request().connection() instanceof ConnectionBase connection) {
                connection.flush();
            }
        } else {
            int status = context.statusCode() > 0 ? context.statusCode() : 500;
            refuse(context, ErrorPage.describe(status, context.get(PATH), null, log.id()));
        }
    }

    /**
     * A request the listener cannot read (a path that does not decode, a header over the size
     * limit), answered as the servlet container's {@link ContainerErrors} answers, and logged.
     */
    void unreadable(HttpServerRequest request, int status) {
        RequestLog log = new RequestLog();
        String path = ContainerErrors.shown(request.path());
        ErrorResponses.Rendered rendered = errors.render(Surface.of(path),
                ContainerErrors.unreadable(status, log.id()), path, log.id());
        HttpServerResponse response = request.response();
        response.setStatusCode(rendered.status());
        response.putHeader(EdgeFilter.REQUEST_ID_HEADER, log.id());
        response.putHeader("Content-Type", rendered.contentType());
        response.putHeader("Connection", "close");
        response.end(Buffer.buffer(rendered.body()));
        log.write(request.method().name(), path, rendered.status());
    }

    private void refuse(RoutingContext context, ApiException error) {
        String path = context.get(PATH);
        RequestLog log = context.get(LOG);
        ErrorResponses.Rendered rendered = errors.render(Surface.of(path), error, path, log.id());
        HttpServerResponse response = context.response();
        response.setStatusCode(rendered.status());
        rendered.headers().forEach(response::putHeader);
        response.putHeader("Content-Type", rendered.contentType());
        response.end(Buffer.buffer(rendered.body()));
    }
}
