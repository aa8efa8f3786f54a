package io.malipo.payments;

import io.malipo.common.SqlParameters;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;

/**
 * How a merchant's collections went in one mode: today and over the last days, by channel and
 * provider, and day by day (sql/payments/select-payment-figures.sql, select-payment-days.sql).
 * A payment still in flight counts as made but not as finished, so it never lowers a success rate.
 */
public record PaymentFigures(List<ChannelFigures> byChannel, List<Day> days) {

    /**
     * What the figures cover. Days are counted in the zone's offset, which must be fixed (East
     * Africa keeps no daylight saving), so SQL can cut days without time-zone functions that
     * PostgreSQL and H2 spell differently.
     *
     * @param since the start of the first day
     * @param todayFrom the start of today
     * @param offsetSeconds the zone's offset from UTC
     */
    public record Query(UUID merchantId, boolean livemode, OffsetDateTime since, OffsetDateTime todayFrom,
            int offsetSeconds) implements SqlParameters {

        /** The last {@code days} days up to now, today included. */
        public static Query lastDays(UUID merchantId, boolean livemode, int days, Instant now, ZoneId zone) {
            ZoneOffset offset = zone.getRules().getOffset(now);
            OffsetDateTime today = now.atZone(zone).toLocalDate().atStartOfDay(zone).toOffsetDateTime();
            return new Query(merchantId, livemode, today.minusDays(days - 1L), today, offset.getTotalSeconds());
        }
    }

    /** One channel and provider (null before one is chosen) in one currency: today and the whole span. */
    public record ChannelFigures(String channel, String provider, String currency, long todayMade,
            long todayFinished, long todaySucceeded, BigDecimal todayVolume, long made, long finished,
            long succeeded, BigDecimal volume) {
    }

    /**
     * One day of one currency.
     *
     * @param day days since 1970-01-01 in the zone of the query
     * @param volume what succeeded payments collected
     */
    public record Day(long day, String currency, long made, long finished, long succeeded, BigDecimal volume) {
    }
}
