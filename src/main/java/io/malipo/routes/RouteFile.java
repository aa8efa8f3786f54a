package io.malipo.routes;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.camel.model.RouteConfigurationDefinition;
import org.apache.camel.model.RouteDefinition;

/**
 * One version of a route file that passed the checks it can pass on its own: its Camel
 * definitions, and what the checks across the folder need to know of it.
 *
 * @param path relative to the route folder, with forward slashes
 * @param content the bytes the definitions were read from (kept to put this version back after a failed change)
 * @param ids the ids of its routes and route configurations, with their lines
 * @param serves the names of the direct: endpoints its routes serve, with their lines
 * @param calls the direct: endpoints its routes call
 */
record RouteFile(String path, String sha256, byte[] content, List<RouteDefinition> routes,
        List<RouteConfigurationDefinition> configurations, List<Owned> ids, Map<String, Integer> serves,
        List<Call> calls) {

    List<String> routeIds() {
        return routes.stream().map(RouteDefinition::getId).toList();
    }

    List<String> configurationIds() {
        return configurations.stream().map(RouteConfigurationDefinition::getId).toList();
    }

    /** An id a file gives a route or route configuration, and the line where it does. */
    record Owned(String id, int line) {
    }

    /**
     * A direct: endpoint a route calls, as written; {@code name} matches the names it may reach
     * (a {@code toD} with {@code ${...}} in it reaches any name its fixed parts allow).
     */
    record Call(String endpoint, Pattern name, int line) {

        boolean reaches(String served) {
            return name.matcher(served).matches();
        }
    }
}
