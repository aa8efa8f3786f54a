package io.malipo.pages;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.springframework.http.ResponseCookie;

/**
 * The language of a page: English or Swahili. A choice made on the page ({@code ?lang=sw}) wins
 * and is remembered in a cookie; then the cookie; then the browser's Accept-Language; then English.
 */
public final class PageLanguage {

    public static final Locale ENGLISH = Locale.ENGLISH;
    public static final Locale SWAHILI = Locale.forLanguageTag("sw");
    public static final List<Locale> SUPPORTED = List.of(ENGLISH, SWAHILI);
    /** Where the choice is remembered. */
    public static final String COOKIE = "malipo_lang";

    private PageLanguage() {
    }

    public static Locale of(String asked, String remembered, String acceptLanguage) {
        return supported(asked).or(() -> supported(remembered)).or(() -> accepted(acceptLanguage)).orElse(ENGLISH);
    }

    /**
     * The Set-Cookie that remembers a language chosen with {@code ?lang=} for the pages under
     * {@code path}, when it names one the pages speak.
     */
    public static Optional<String> remembered(String asked, String path, boolean secure) {
        return supported(asked).map(chosen -> ResponseCookie.from(COOKIE, chosen.toLanguageTag()).path(path)
                .maxAge(Duration.ofDays(365)).httpOnly(true).sameSite("Lax").secure(secure).build().toString());
    }

    /** The other language of the two, for a page's switch. */
    public static String other(Locale locale) {
        return locale.getLanguage().equals(SWAHILI.getLanguage()) ? ENGLISH.getLanguage() : SWAHILI.getLanguage();
    }

    /** A supported language named by its tag (en, sw), if it is one. */
    public static Optional<Locale> supported(String tag) {
        if (tag == null || tag.isBlank()) {
            return Optional.empty();
        }
        String language = Locale.forLanguageTag(tag.strip()).getLanguage();
        return SUPPORTED.stream().filter(l -> l.getLanguage().equals(language)).findFirst();
    }

    private static Optional<Locale> accepted(String header) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.ofNullable(Locale.lookup(Locale.LanguageRange.parse(header), SUPPORTED));
        } catch (IllegalArgumentException malformed) {
            return Optional.empty();
        }
    }
}
