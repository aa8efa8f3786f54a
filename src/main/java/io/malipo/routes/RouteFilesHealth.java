package io.malipo.routes;

import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.boot.actuate.health.Status;
import org.springframework.stereotype.Component;

/**
 * {@code routes} in /actuator/health: UP when every route file runs as the folder holds it,
 * DEGRADED when a file (or its removal) was refused and its previous version, or nothing, runs
 * instead. DEGRADED is ranked below UP (management.endpoint.health.status.order), so it shows
 * without taking the instance out of its load balancer: the routes that run are sound, and every
 * instance refuses the same broken file.
 */
@Component("routesHealthIndicator")
public class RouteFilesHealth implements HealthIndicator {

    static final Status DEGRADED = new Status("DEGRADED", "A route file was refused; GET /admin/v1/routes says why");

    private final RouteFiles files;

    public RouteFilesHealth(RouteFiles files) {
        this.files = files;
    }

    @Override
    public Health health() {
        return files.allLoaded() ? Health.up().build() : Health.status(DEGRADED).build();
    }
}
