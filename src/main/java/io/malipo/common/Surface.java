package io.malipo.common;

/**
 * The HTTP surfaces Malipo serves. Each answers errors in the form its clients parse: the
 * checkout clients read the checkout envelope, everything else reads RFC 9457 problem details.
 */
public enum Surface {
    CHECKOUT("/v1/checkout"),
    TOKEN_API("/api/v1"),
    ADMIN("/admin/v1"),
    OTHER("");

    private final String prefix;

    Surface(String prefix) {
        this.prefix = prefix;
    }

    public static Surface of(String path) {
        if (path == null) {
            return OTHER;
        }
        // Checkout clients are known to send doubled slashes and a repeated /v1; they still
        // talk to the checkout surface and must get its envelope.
        String normalised = path.replaceAll("/{2,}", "/").replaceFirst("^(/v1)+/checkout", "/v1/checkout");
        for (Surface surface : values()) {
            boolean under = normalised.equals(surface.prefix) || normalised.startsWith(surface.prefix + "/");
            if (surface != OTHER && under) {
                return surface;
            }
        }
        return OTHER;
    }

    /** Whether this surface is one of Malipo's JSON APIs (and so insists on JSON responses). */
    public boolean isApi() {
        return this != OTHER;
    }
}
