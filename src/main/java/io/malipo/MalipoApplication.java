package io.malipo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.security.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

// Spring Security guards the dashboard only: its filter is registered for /dashboard/* by
// dashboard.DashboardSecurity (the APIs, the payment page and the sandbox never pass through it),
// and dashboard users are Malipo's own, so no generated in-memory user.
@SpringBootApplication(exclude = {SecurityFilterAutoConfiguration.class, UserDetailsServiceAutoConfiguration.class})
@ConfigurationPropertiesScan
public class MalipoApplication {

    public static void main(String[] args) {
        SpringApplication.run(MalipoApplication.class, args);
    }
}
