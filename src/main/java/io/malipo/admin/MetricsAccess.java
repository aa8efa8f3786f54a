package io.malipo.admin;

import io.malipo.common.ApiException;
import io.malipo.common.ErrorResponses;
import io.malipo.common.HttpExchanges;
import io.malipo.common.Surface;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The actuator endpoints other than health answer only operators: their figures name merchants'
 * routes, providers and volumes. A Prometheus scraper sends {@code Authorization: Bearer} with the
 * metrics token ({@code malipo.metrics-token}), so it needs no admin power, or with the admin
 * token. Health stays open: load balancers and orchestrators probe it, and it says only UP or DOWN.
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
public class MetricsAccess extends OncePerRequestFilter {

    private final AdminAuth admin;
    private final byte[] metricsToken;
    private final ErrorResponses errors;

    public MetricsAccess(AdminAuth admin, @Value("${malipo.metrics-token:}") String metricsToken,
            ErrorResponses errors) {
        this.admin = admin;
        this.metricsToken = metricsToken.isBlank() ? null : ("Bearer " + metricsToken).getBytes(StandardCharsets.UTF_8);
        this.errors = errors;
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String path = request.getRequestURI().replaceAll("/{2,}", "/");
        return !path.startsWith("/actuator") || path.equals("/actuator/health") || path.startsWith("/actuator/health/");
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        String authorization = request.getHeader("Authorization");
        if (metricsToken != null && authorization != null
                && MessageDigest.isEqual(metricsToken, authorization.strip().getBytes(StandardCharsets.UTF_8))) {
            chain.doFilter(request, response);
            return;
        }
        try {
            admin.check(authorization);
        } catch (ApiException refused) {
            errors.write(response, Surface.OTHER, new ApiException(401, "unauthorized", "Metrics need a token: send "
                    + "'Authorization: Bearer <MALIPO_METRICS_TOKEN>' (or the admin token).")
                    .withHeader("WWW-Authenticate", "Bearer realm=\"malipo-metrics\""), request.getRequestURI(),
                    HttpExchanges.requestId(request));
            return;
        }
        chain.doFilter(request, response);
    }
}
