package io.malipo.routes;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Where the route files operations staff edit are, and how often each instance looks for changes.
 *
 * @param directory the folder of route files (every *.yaml in it and its sub-folders), relative to
 *        the working directory unless absolute
 * @param reload whether changes are taken while Malipo runs; without it the files are read at start only
 * @param pollInterval how often the folder is read for changes. Each file's content is compared by
 *        hash rather than watched, so it works on network volumes and Kubernetes config maps too
 */
@ConfigurationProperties("malipo.routes")
@Validated
public record RoutesProperties(
        @NotBlank @DefaultValue("routes") String directory,
        @DefaultValue("true") boolean reload,
        @NotNull @DefaultValue("3s") Duration pollInterval) {

    public Path folder() {
        return Path.of(directory).toAbsolutePath().normalize();
    }
}
