package io.malipo.payments;

import io.malipo.common.SqlFiles;
import io.malipo.common.SqlParameters;
import io.malipo.common.SqlRecords;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/**
 * A provider's report as provider_event keeps it: the first report of an event key settles, every
 * repeat of it changes nothing.
 *
 * @param paymentId the payment, payout or reversal it names; null when it names none Malipo knows
 * @param outcome what it reported, or UNMATCHED
 */
record ProviderEvent(String provider, String eventKey, UUID paymentId, String outcome, OffsetDateTime now)
        implements SqlParameters {

    /** Claims the event's key in the caller's transaction; false when an earlier report claimed it. */
    boolean claim(NamedParameterJdbcTemplate jdbc) {
        return jdbc.update(SqlFiles.load("payments/insert-provider-event.sql"), SqlRecords.parameters(this)) == 1;
    }
}
