package io.malipo.pages;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A merchant's colour on the payment page and the text drawn on it. Whatever the merchant picks,
 * the text is black or white, whichever contrasts more with it: one of the two always reaches
 * WCAG's 4.5:1 for normal text.
 *
 * @param background the colour, as #rrggbb
 * @param text #000000 or #ffffff
 */
public record PageColour(String background, String text) {

    private static final Pattern HEX = Pattern.compile("#?[0-9a-fA-F]{6}");
    private static final String DARK = "#000000";
    private static final String LIGHT = "#ffffff";

    /**
     * The merchant's colour ({@code #rrggbb} or {@code rrggbb}), or the fallback when it gave none
     * or a malformed one.
     */
    public static PageColour of(String merchant, String fallback) {
        String hex = merchant != null && HEX.matcher(merchant).matches() ? normal(merchant) : normal(fallback);
        return new PageColour(hex, contrast(hex, DARK) >= contrast(hex, LIGHT) ? DARK : LIGHT);
    }

    /**
     * A colour for text on white (links): the merchant's when it is readable there, the fallback
     * otherwise.
     */
    public static String onWhite(String merchant, String fallback) {
        String hex = merchant != null && HEX.matcher(merchant).matches() ? normal(merchant) : null;
        return hex != null && contrast(hex, LIGHT) >= 4.5 ? hex : normal(fallback);
    }

    /** The WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
    static double contrast(String a, String b) {
        double la = luminance(a);
        double lb = luminance(b);
        return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
    }

    private static double luminance(String hex) {
        int rgb = Integer.parseInt(hex.substring(1), 16);
        return 0.2126 * channel(rgb >> 16) + 0.7152 * channel(rgb >> 8) + 0.0722 * channel(rgb);
    }

    private static double channel(int value) {
        double c = (value & 0xff) / 255.0;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    private static String normal(String hex) {
        return (hex.startsWith("#") ? hex : "#" + hex).toLowerCase(Locale.ROOT);
    }
}
