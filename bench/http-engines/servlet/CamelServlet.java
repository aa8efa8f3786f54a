package floor;

import org.apache.camel.component.servlet.CamelHttpTransportServlet;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Added to the perf harness's floor, unchanged otherwise (with camel.rest.component=servlet):
 * Camel's servlet takes every path, so a request goes from Tomcat to the REST route without
 * Spring MVC's dispatcher.
 */
@Configuration
public class CamelServlet {

    @Bean
    ServletRegistrationBean<CamelHttpTransportServlet> camelHttpTransportServlet() {
        ServletRegistrationBean<CamelHttpTransportServlet> registration =
                new ServletRegistrationBean<>(new CamelHttpTransportServlet(), "/*");
        registration.setName("CamelServlet");
        registration.setLoadOnStartup(1);
        return registration;
    }
}
