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
 * How a merchant's collections went in one mode over the last days: one row per day, channel,
 * provider and currency (sql/payments/select-payment-figures.sql), from which a page sums what it
 * shows. A payment still in flight counts as made but not as finished, so it never lowers a
 * success rate.
 */
public record PaymentFigures(List<Row> rows) {

    /**
     * What the figures cover. Days are counted in the zone's offset, which must be fixed (East
     * Africa keeps no daylight saving), so SQL can cut days without time-zone functions that
     * PostgreSQL and H2 spell differently.
     *
     * @param since the start of the first day
     * @param offsetSeconds the zone's offset from UTC
     */
    public record Query(UUID merchantId, boolean livemode, OffsetDateTime since, int offsetSeconds)
            implements SqlParameters {

        /** The last {@code days} days up to now, today included. */
        public static Query lastDays(UUID merchantId, boolean livemode, int days, Instant now, ZoneId zone) {
            ZoneOffset offset = zone.getRules().getOffset(now);
            OffsetDateTime today = now.atZone(zone).toLocalDate().atStartOfDay(zone).toOffsetDateTime();
            return new Query(merchantId, livemode, today.minusDays(days - 1L), offset.getTotalSeconds());
        }
    }

    /**
     * One day of one channel and provider in one currency.
     *
     * @param epochDay days since 1970-01-01 in the zone of the query
     * @param finished the payer answered: succeeded (or since reversed) or failed
     * @param volume what succeeded payments collected
     */
    public record Row(long epochDay, String channel, String provider, String currency, long made, long finished,
            long succeeded, BigDecimal volume) {
    }
}
