package floor;

import org.apache.camel.CamelContext;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServerConfiguration;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Added to the perf harness's floor, unchanged otherwise: a Vert.x HTTP server started with the
 * Camel context, so platform-http serves the floor's REST route without a servlet container.
 */
@Configuration
public class VertxServer {

    @Bean
    CamelContextConfiguration vertxHttpServer() {
        return new CamelContextConfiguration() {
            @Override
            public void beforeApplicationStart(CamelContext context) {
                VertxPlatformHttpServerConfiguration configuration = new VertxPlatformHttpServerConfiguration();
                configuration.setBindPort(18300);
                try {
                    context.addService(new VertxPlatformHttpServer(configuration));
                } catch (Exception e) {
                    throw new IllegalStateException("cannot add the Vert.x HTTP server", e);
                }
            }

            @Override
            public void afterApplicationStart(CamelContext context) {
            }
        };
    }
}
