package io.malipo.common;

/** A route is named after the {@code direct:} endpoint it serves, so its URI and its id are one search apart. */
public final class RouteIds {

    private static final String DIRECT = "direct:";

    private RouteIds() {
    }

    /** The id of the route that serves a {@code direct:} URI: its name. */
    public static String of(String directUri) {
        if (!directUri.startsWith(DIRECT)) {
            throw new IllegalArgumentException("not a direct: endpoint: " + directUri);
        }
        return directUri.substring(DIRECT.length());
    }
}
