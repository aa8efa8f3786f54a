package io.malipo.common;

import java.net.URI;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.model.rest.RestBindingMode;
import org.springframework.stereotype.Component;

/**
 * How every REST DSL operation is served: on the Spring Boot web server through platform-http,
 * with bodies left as bytes (each surface parses its own: checkout signatures are computed
 * over the client's own rendering of values), and described in one OpenAPI document.
 */
@Component
public class RestSetup extends RouteBuilder {

    public static final String OPENAPI_PATH = "/openapi.json";

    private final URI publicUrl;

    public RestSetup(MalipoProperties properties) {
        this.publicUrl = URI.create(properties.publicUrl());
    }

    @Override
    public void configure() {
        String host = publicUrl.getPort() > 0 ? publicUrl.getHost() + ":" + publicUrl.getPort() : publicUrl.getHost();
        restConfiguration()
                .component("platform-http")
                .bindingMode(RestBindingMode.off)
                // Each verb's direct: route stays a route of its own: other packages call it and
                // tests advise it by id.
                .inlineRoutes(false)
                .apiContextPath(OPENAPI_PATH)
                .apiContextRouteId("openapi")
                .apiProperty("api.title", "Malipo")
                .apiProperty("api.version", "1")
                .apiProperty("api.description", "Payment collection hub: checkout API (/v1/checkout), "
                        + "token-based merchant API (/api/v1) and the operations admin API (/admin/v1).")
                .apiProperty("openapi.version", "3.1.0")
                // The address integrators reach Malipo at, not the one it binds to.
                .apiProperty("host", host)
                .apiProperty("schemes", publicUrl.getScheme())
                .apiProperty("base.path", publicUrl.getPath().isEmpty() ? "/" : publicUrl.getPath());
    }
}
