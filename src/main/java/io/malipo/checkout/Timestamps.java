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

    private static final Pattern FORM = Pattern.compile(
            "(\\d{4}-\\d{2}-\\d{2})[T ](\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,9})?)?)\\s*(Z|[+-]\\d{2}(?::?\\d{2})?)?");

    private Timestamps() {
    }

    public static Optional<Instant> parse(String header, ZoneId defaultZone) {
        if (header == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(header.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            LocalDateTime local = LocalDateTime.parse(m.group(1) + "T" + m.group(2));
            String offset = m.group(3);
            if (offset == null) {
                return Optional.of(local.atZone(defaultZone).toInstant());
            }
            return Optional.of(local.toInstant(ZoneOffset.of(offset.length() == 5 && offset.charAt(3) != ':'
                    ? offset.substring(0, 3) + ":" + offset.substring(3) : offset)));
        } catch (DateTimeException e) {
            return Optional.empty();
        }
    }
}
