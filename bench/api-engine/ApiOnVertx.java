package io.malipo.bench;

import io.malipo.common.HttpExchanges;
import io.malipo.common.web.EdgeFilter;
import java.util.concurrent.TimeUnit;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.platform.http.PlatformHttpComponent;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpEngine;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServerConfiguration;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Added by bench/api-engine.sh to a copy of Malipo, never to Malipo itself: create-order-minimal
 * served a second time, by platform-http on Camel's Vert.x engine on a port of its own, into the
 * same direct: operation the REST verb on Tomcat calls. What EdgeFilter does for it on Tomcat is
 * done here as far as create-order needs it (a request id, the raw body kept, the request log
 * line); the Accept check, the body cap, the path normalisation and Spring's request observation
 * are left out (the README's Performance section says what they cost on Tomcat).
 */
@Configuration
public class ApiOnVertx {

    private static final Logger REQUEST_LOG = LoggerFactory.getLogger("io.malipo.http");
    private static final String PATH = "/v1/checkout/create-order-minimal";
    private static final String STARTED = "benchStarted";

    @Bean
    CamelContextConfiguration vertxListener(@Value("${bench.vertx-port:18302}") int port) {
        return new CamelContextConfiguration() {
            @Override
            public void beforeApplicationStart(CamelContext context) {
                VertxPlatformHttpServerConfiguration configuration = new VertxPlatformHttpServerConfiguration();
                configuration.setBindPort(port);
                try {
                    context.addService(new VertxPlatformHttpServer(configuration));
                } catch (Exception e) {
                    throw new IllegalStateException("cannot start the Vert.x listener", e);
                }
                PlatformHttpComponent component = new PlatformHttpComponent();
                component.setEngine(new VertxPlatformHttpEngine());
                context.addComponent("vertx-platform-http", component);
            }

            @Override
            public void afterApplicationStart(CamelContext context) {
            }
        };
    }

    @Bean
    RouteBuilder createOrderOnVertx() {
        return new RouteBuilder() {
            @Override
            public void configure() {
                from("vertx-platform-http:" + PATH + "?httpMethodRestrict=POST").routeId("bench-vertx-create-order-minimal")
                        .process(exchange -> {
                            exchange.setProperty(STARTED, System.nanoTime());
                            byte[] body = exchange.getIn().getBody(byte[].class);
                            exchange.setProperty(HttpExchanges.RAW_BODY, body == null ? new byte[0] : body);
                            exchange.getIn().setBody(body);
                        })
                        .to("direct:checkout-create-order-minimal")
                        .process(exchange -> {
                            String requestId = HttpExchanges.requestId(exchange);
                            exchange.getMessage().setHeader(EdgeFilter.REQUEST_ID_HEADER, requestId);
                            REQUEST_LOG.info("method=POST path={} status={} duration_ms={} merchant=- request_id={}", PATH,
                                    exchange.getMessage().getHeader(Exchange.HTTP_RESPONSE_CODE),
                                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - exchange.getProperty(STARTED, Long.class)),
                                    requestId);
                        });
            }
        };
    }
}
