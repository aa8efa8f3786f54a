package floor;

import org.apache.camel.CamelContext;
import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServer;
import org.apache.camel.component.platform.http.vertx.VertxPlatformHttpServerConfiguration;
import org.apache.camel.spring.boot.CamelContextConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * The perf harness's floor on Camel's Vert.x engine: the same REST DSL route and INSERT, served by
 * a Vert.x HTTP server that Camel starts, with no servlet container and no Spring MVC.
 */
@SpringBootApplication
public class Floor {
    public static void main(String[] args) { SpringApplication.run(Floor.class, args); }

    @Bean
    CamelContextConfiguration vertxServer() {
        return new CamelContextConfiguration() {
            @Override
            public void beforeApplicationStart(CamelContext context) {
                VertxPlatformHttpServerConfiguration conf = new VertxPlatformHttpServerConfiguration();
                conf.setBindPort(18300);
                try { context.addService(new VertxPlatformHttpServer(conf)); } catch (Exception e) { throw new RuntimeException(e); }
            }
            @Override
            public void afterApplicationStart(CamelContext context) { }
        };
    }

    @Component
    static class Routes extends RouteBuilder {
        @Override
        public void configure() {
            rest("/orders").post().consumes("application/json").to("direct:create");
            from("direct:create")
                .unmarshal().json()
                .to("sql:insert into floor_order (order_id, amount, body) values (:#${body[order_id]}, :#${body[amount]}, :#${body[vendor]})")
                .setHeader("Content-Type", constant("application/json"))
                .setBody(constant("{\"resultcode\":\"000\",\"result\":\"SUCCESS\"}"));
        }
    }
}
