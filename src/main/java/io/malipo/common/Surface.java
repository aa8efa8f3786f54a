package io.malipo.common;

import java.util.regex.Pattern;

/**
 * The HTTP surfaces Malipo serves. Each answers errors in the form its clients parse: the
 * checkout clients read the checkout envelope, everything else reads RFC 9457 problem details.
 */
public enum Surface {
    CHECKOUT("/v1/checkout"),
    TOKEN_API("/api/v1"),
    ADMIN("/admin/v1"),
    OTHER("");

    private static final Pattern SLASHES = Pattern.compile("/{2,}");
    private static final Pattern REPEATED_V1 = Pattern.compile("^(/v1)+/checkout");

    private static final Surface[] SURFACES = values();

    private final String prefix;
    private final String under;

    Surface(String prefix) {
        this.prefix = prefix;
        this.under = prefix + "/";
    }

    public static Surface of(String path) {
        if (path == null) {
            return OTHER;
        }
        String normalised = folded(path);
        for (Surface surface : SURFACES) {
            boolean under = normalised.equals(surface.prefix) || normalised.startsWith(surface.under);
            if (surface != OTHER && under) {
                return surface;
            }
        }
        return OTHER;
    }

    /**
     * The path with doubled slashes collapsed and a repeated /v1 before /checkout folded: checkout
     * clients are known to send both, and still talk to the checkout surface. Every request asks,
     * so the patterns are compiled once and skipped for the usual path.
     */
    public static String folded(String path) {
        String normalised = path;
        if (path.contains("//")) {
            normalised = SLASHES.matcher(normalised).replaceAll("/");
        }
        if (normalised.startsWith("/v1/v1")) {
            normalised = REPEATED_V1.matcher(normalised).replaceFirst("/v1/checkout");
        }
        return normalised;
    }

    /** Whether this surface is one of Malipo's JSON APIs (and so insists on JSON responses). */
    public boolean isApi() {
        return this != OTHER;
    }
}
