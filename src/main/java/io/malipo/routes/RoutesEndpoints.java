package io.malipo.routes;

/** The {@code direct:} endpoints the routes package serves to the others. */
public final class RoutesEndpoints {

    /** Body out: the {@link RouteFilesView} of this instance. */
    public static final String FILES = "direct:route-files";

    private RoutesEndpoints() {
    }
}
