package io.malipo.routes;

import java.util.List;

/** What reading one version of a route file came to: the file, or why it is refused. */
record Parsed(String path, String sha256, RouteFile file, List<Problem> problems) {

    static Parsed refused(String path, String sha256, List<Problem> problems) {
        return new Parsed(path, sha256, null, List.copyOf(problems));
    }

    static Parsed accepted(RouteFile file) {
        return new Parsed(file.path(), file.sha256(), file, List.of());
    }

    boolean ok() {
        return problems.isEmpty();
    }
}
