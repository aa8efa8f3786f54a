package io.malipo.routes;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/** Malipo cannot start on this route folder; the message says why, {@link #action()} what to do. */
public class RouteFilesException extends RuntimeException {

    private final String action;

    private RouteFilesException(String message, String action) {
        super(message);
        this.action = action;
    }

    /** The usual cause is starting the jar from another folder than the one holding routes/. */
    static RouteFilesException missingFolder(Path folder) {
        return new RouteFilesException("The route files could not be read: " + folder + " does not exist.",
                "Start Malipo from the folder that holds routes/ (the repository root, or /app in the Docker image), "
                        + "or point malipo.routes.directory (MALIPO_ROUTES_DIRECTORY) at your route files, e.g. "
                        + "/etc/malipo/routes.");
    }

    /**
     * With no version of these files ever loaded there is nothing to fall back on, and an instance
     * that cannot route payments or post callbacks must not take traffic.
     */
    static RouteFilesException unserved(Path folder, Collection<String> unserved, List<Problem> refused) {
        String problems = refused.stream().map(problem -> "  " + problem.describe(folder.toString()))
                .collect(Collectors.joining("\n"));
        return new RouteFilesException("No route file in " + folder + " serves "
                + unserved.stream().map(name -> "direct:" + name).collect(Collectors.joining(", "))
                + ", which Malipo calls" + (problems.isEmpty() ? "." : "; refused:\n" + problems),
                "Fix the files named above (java -jar malipo.jar --validate-routes " + folder
                        + " checks them without starting Malipo), or restore the connector route files of the "
                        + "providers configured under malipo.channels.providers.");
    }

    public String action() {
        return action;
    }
}
