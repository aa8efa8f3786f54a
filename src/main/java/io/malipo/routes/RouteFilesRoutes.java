package io.malipo.routes;

import io.malipo.common.RouteIds;
import org.apache.camel.builder.RouteBuilder;
import org.springframework.stereotype.Component;

/** Serves what this instance runs from its route files. */
@Component
public class RouteFilesRoutes extends RouteBuilder {

    private final RouteFiles files;

    public RouteFilesRoutes(RouteFiles files) {
        this.files = files;
    }

    @Override
    public void configure() {
        from(RoutesEndpoints.FILES).routeId(RouteIds.of(RoutesEndpoints.FILES))
                .process(exchange -> exchange.getMessage().setBody(files.view()));
    }
}
