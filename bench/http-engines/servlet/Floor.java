package floor;

import org.apache.camel.builder.RouteBuilder;
import org.apache.camel.component.servlet.CamelHttpTransportServlet;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;

/**
 * The perf harness's floor on camel-servlet: the same REST DSL route and INSERT on Tomcat, the
 * request going from the servlet straight to Camel instead of through Spring MVC's dispatcher.
 */
@SpringBootApplication
public class Floor {
    public static void main(String[] args) { SpringApplication.run(Floor.class, args); }

    @Bean
    ServletRegistrationBean<CamelHttpTransportServlet> camelServlet() {
        ServletRegistrationBean<CamelHttpTransportServlet> r = new ServletRegistrationBean<>(new CamelHttpTransportServlet(), "/*");
        r.setName("CamelServlet");
        r.setLoadOnStartup(1);
        return r;
    }

    @Component
    static class Routes extends RouteBuilder {
        @Override
        public void configure() {
            restConfiguration().component("servlet");
            rest("/orders").post().consumes("application/json").to("direct:create");
            from("direct:create")
                .unmarshal().json()
                .to("sql:insert into floor_order (order_id, amount, body) values (:#${body[order_id]}, :#${body[amount]}, :#${body[vendor]})")
                .setHeader("Content-Type", constant("application/json"))
                .setBody(constant("{\"resultcode\":\"000\",\"result\":\"SUCCESS\"}"));
        }
    }
}
