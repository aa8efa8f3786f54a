package io.malipo.checkout;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the Timestamp header in every form clients are known to send: ISO 8601 with
 * {@code +03:00}, {@code +0300}, {@code +03} or {@code Z}, with or without fractions, with a
 * {@code T} or a space, and without any offset (then read in the configured zone). Seconds may
 * be left out, as ISO 8601 allows and Java's {@code OffsetDateTime.toString()} does at :00. The value
 * is only parsed for freshness; the signature covers the header verbatim.
 */
public final class Timestamps {

    private static final Pattern FORM = Pattern.compile("(\\d{4})-(\\d{2})-(\\d{2})[T ](\\d{2}):(\\d{2})"
            + "(?::(\\d{2})(?:\\.(\\d{1,9}))?)?\\s*(?:(Z)|([+-])(\\d{2})(?::?(\\d{2}))?)?");

    private Timestamps() {
    }

    // The fields are taken from the match as numbers: handing the text to LocalDateTime.parse
    // would read it a second time through a general formatter on every signed request.
    public static Optional<Instant> parse(String header, ZoneId defaultZone) {
        if (header == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(header.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            LocalDateTime local = LocalDateTime.of(number(m, 1), number(m, 2), number(m, 3), number(m, 4),
                    number(m, 5), number(m, 6), nanos(m.group(7)));
            if (m.group(8) != null) {
                return Optional.of(local.toInstant(ZoneOffset.UTC));
            }
            if (m.group(9) == null) {
                return Optional.of(local.atZone(defaultZone).toInstant());
            }
            int sign = m.group(9).equals("-") ? -1 : 1;
            return Optional.of(local.toInstant(ZoneOffset.ofHoursMinutes(sign * number(m, 10), sign * number(m, 11))));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }

    /** The group as a number; 0 when the optional part it belongs to was left out. */
    private static int number(Matcher m, int group) {
        String digits = m.group(group);
        return digits == null ? 0 : Integer.parseInt(digits);
    }

    /** A fraction of a second of 1 to 9 digits as nanoseconds. */
    private static int nanos(String fraction) {
        if (fraction == null) {
            return 0;
        }
        int value = Integer.parseInt(fraction);
        for (int i = fraction.length(); i < 9; i++) {
            value *= 10;
        }
        return value;
    }
}
