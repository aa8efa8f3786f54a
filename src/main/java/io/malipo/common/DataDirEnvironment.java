package io.malipo.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.EnvironmentPostProcessor;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes {@code malipo.data-dir} absolute before anything reads it: the embedded database URL is
 * built from it, and H2 refuses a path that is only implicitly relative ({@code data} rather
 * than {@code ./data}), which is exactly what people type into MALIPO_DATA_DIR. When the
 * directory will be used (embedded database, generated secrets) and does not exist yet, it is
 * created readable by its owner only, before the database or a secret is written into it.
 */
public class DataDirEnvironment implements EnvironmentPostProcessor {

    static final String KEY = "malipo.data-dir";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        String configured = environment.getProperty(KEY);
        if (configured == null || configured.isBlank()) {
            return;
        }
        Path dataDir = Path.of(configured).toAbsolutePath().normalize();
        environment.getPropertySources().addFirst(
                new MapPropertySource("malipoDataDir", Map.of(KEY, dataDir.toString())));
        boolean used = environment.getProperty("malipo.first-start.generate-secrets", Boolean.class, false)
                || environment.getProperty("spring.datasource.url", "").startsWith("jdbc:h2:file:");
        if (used && !Files.exists(dataDir)) {
            createOwnerOnly(dataDir);
        }
    }

    private static void createOwnerOnly(Path dataDir) {
        try {
            Files.createDirectories(dataDir.getParent());
            Files.createDirectory(dataDir,
                    PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
            createPlain(dataDir);
        } catch (FileAlreadyExistsException e) {
            // Created concurrently; fine.
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + dataDir + " (MALIPO_DATA_DIR)", e);
        }
    }

    private static void createPlain(Path dataDir) {
        try {
            Files.createDirectories(dataDir);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the data directory " + dataDir + " (MALIPO_DATA_DIR)", e);
        }
    }
}
