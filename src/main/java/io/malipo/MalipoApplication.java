package io.malipo;

import io.malipo.routes.RouteValidation;
import java.util.Arrays;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.security.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.autoconfigure.security.servlet.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.boot.logging.LogLevel;
import org.springframework.boot.logging.LoggingSystem;

// Spring Security guards the dashboard only: its filter is registered for /dashboard/* by
// dashboard.DashboardSecurity (the APIs, the payment page and the sandbox never pass through it),
// and dashboard users are Malipo's own, so no generated in-memory user.
@SpringBootApplication(exclude = {SecurityFilterAutoConfiguration.class, UserDetailsServiceAutoConfiguration.class})
@ConfigurationPropertiesScan
public class MalipoApplication {

    public static void main(String[] args) {
        if (args.length > 0 && RouteValidation.OPTION.equals(args[0])) {
            // Only the verdicts on standard output: Camel's own start-up lines would bury them.
            LoggingSystem.get(MalipoApplication.class.getClassLoader())
                    .setLogLevel(LoggingSystem.ROOT_LOGGER_NAME, LogLevel.OFF);
            System.exit(RouteValidation.run(Arrays.copyOfRange(args, 1, args.length), System.out));
        }
        SpringApplication.run(MalipoApplication.class, args);
    }
}
