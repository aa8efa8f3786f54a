package io.malipo.common;

import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns Camel's stack trace for a missing route folder into two lines a person can act on. The
 * default pattern reads {@code routes/} relative to the working directory, so the usual cause is
 * starting the jar from somewhere else.
 */
public class MissingRouteFiles extends AbstractFailureAnalyzer<NoSuchFileException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, NoSuchFileException cause) {
        if (!isRouteLoading(rootFailure)) {
            return null;
        }
        Path missing = Path.of(cause.getFile()).toAbsolutePath().normalize();
        return new FailureAnalysis(
                "The route files could not be read: " + missing + " does not exist.",
                "Start Malipo from the folder that holds routes/ (the repository root, or /app in the Docker "
                        + "image), or point camel.main.routes-include-pattern (CAMEL_MAIN_ROUTESINCLUDEPATTERN) at "
                        + "your route files, e.g. file:/etc/malipo/routes/*.yaml,file:/etc/malipo/routes/**/*.yaml.",
                cause);
    }

    private static boolean isRouteLoading(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                if (frame.getClassName().startsWith("org.apache.camel.main.")) {
                    return true;
                }
            }
        }
        return false;
    }
}
