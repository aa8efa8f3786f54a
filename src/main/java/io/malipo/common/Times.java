package io.malipo.common;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * Times as they are stored: in UTC and to the microsecond, PostgreSQL's precision, so a value
 * written and read back compares equal to the one Java held (compare-and-set updates rely on it).
 */
public final class Times {

    private Times() {
    }

    /** Now, on the given clock, as it will be stored. */
    public static OffsetDateTime now(Clock clock) {
        return stored(OffsetDateTime.now(clock));
    }

    /** A time as it will be stored. */
    public static OffsetDateTime stored(OffsetDateTime time) {
        return time.withOffsetSameInstant(ZoneOffset.UTC).truncatedTo(ChronoUnit.MICROS);
    }
}
