package io.malipo.common;

import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes {@code malipo.data-dir} absolute before anything reads it: the embedded database URL is
 * built from it, and H2 refuses a path that is only implicitly relative ({@code data} rather
 * than {@code ./data}), which is exactly what people type into MALIPO_DATA_DIR.
 */
public class DataDirEnvironment implements EnvironmentPostProcessor {

    static final String KEY = "malipo.data-dir";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String configured = environment.getProperty(KEY);
        if (configured == null || configured.isBlank()) {
            return;
        }
        String absolute = Path.of(configured).toAbsolutePath().normalize().toString();
        environment.getPropertySources().addFirst(new MapPropertySource("malipoDataDir", Map.of(KEY, absolute)));
    }
}
