package io.malipo;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class MalipoApplication {

    public static void main(String[] args) {
        SpringApplication.run(MalipoApplication.class, args);
    }
}
