package io.malipo.checkout;

import io.malipo.common.Surface;
import io.malipo.common.web.PathRewrite;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Maps the checkout paths real clients produce onto the operations: base URLs joined with a
 * doubled slash or a repeated /v1, a trailing slash, the singular list-order of one PHP
 * client, and DELETE on /v1/checkout itself, which another sends to cancel an order.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
public class CheckoutPaths extends OncePerRequestFilter implements PathRewrite {

    private static final String BASE = "/v1/checkout";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String uri = request.getRequestURI();
        String path = rewrite(request.getMethod(), uri);
        chain.doFilter(path.equals(uri) ? request : new Rewritten(request, path), response);
    }

    @Override
    public String rewrite(String method, String path) {
        return Surface.of(path) == Surface.CHECKOUT ? normalise(method, path) : path;
    }

    static String normalise(String method, String uri) {
        String path = Surface.folded(uri);
        if (path.length() > 1 && path.endsWith("/")) {
            path = path.substring(0, path.length() - 1);
        }
        if (path.equals(BASE + "/list-order")) {
            return BASE + "/list-orders";
        }
        if (path.equals(BASE) && "DELETE".equalsIgnoreCase(method)) {
            return BASE + "/cancel-order";
        }
        return path;
    }

    private static final class Rewritten extends HttpServletRequestWrapper {

        private final String path;

        Rewritten(HttpServletRequest request, String path) {
            super(request);
            this.path = path;
        }

        @Override
        public String getRequestURI() {
            return getContextPath() + path;
        }

        @Override
        public StringBuffer getRequestURL() {
            StringBuffer url = new StringBuffer(getScheme()).append("://").append(getServerName());
            if (getServerPort() > 0) {
                url.append(':').append(getServerPort());
            }
            return url.append(getRequestURI());
        }

        @Override
        public String getServletPath() {
            return path;
        }

        @Override
        public String getPathInfo() {
            return null;
        }
    }
}
