package io.malipo.payments;

import io.malipo.channels.PaymentResult;
import io.malipo.common.SqlFiles;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Reports that contradict how a payment, payout or reversal had ended, and money an order could
 * no longer take: each is written, in the transaction of whatever Malipo did about it, to the
 * table operations read (GET /admin/v1/settlement-conflicts), counted in
 * {@code malipo_settlement_conflicts_total} and logged at WARN. Nothing of the kind is dropped.
 */
@Component
public class Conflicts {

    /** What Malipo did about a contradicting report. */
    public enum Resolution {
        /** A late success paid the order it was for, which could still take it. */
        ORDER_COMPLETED,
        /** The money is on its way back to the payer, Malipo's fee included. */
        AUTOMATIC_REVERSAL,
        /** Money left after all: taken from the merchant's balance again (it may go below zero). */
        LEDGER_ADJUSTMENT,
        /** Nothing changed on the provider's word alone: a person decides. */
        NEEDS_REVIEW
    }

    /**
     * @param subjectType PAYMENT, PAYOUT or REVERSAL
     * @param statusBefore the status it had when the report arrived
     * @param compensationId the automatic reversal, when there is one
     * @param detail what happened and what was done, for the person reading it
     */
    public record Conflict(UUID merchantId, boolean livemode, String subjectType, UUID subjectId, String provider,
            String eventKey, String statusBefore, PaymentResult reported, String providerRef, Resolution resolution,
            UUID compensationId, String detail) {
    }

    private static final Logger LOG = LoggerFactory.getLogger(Conflicts.class);

    private final NamedParameterJdbcTemplate jdbc;
    private final MeterRegistry meters;

    public Conflicts(NamedParameterJdbcTemplate jdbc, MeterRegistry meters) {
        this.jdbc = jdbc;
        this.meters = meters;
    }

    /** Inside the caller's transaction: kept exactly when what was done about it is. */
    public void record(Conflict conflict, OffsetDateTime now) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("id", UUID.randomUUID());
        row.put("merchantId", conflict.merchantId());
        row.put("livemode", conflict.livemode());
        row.put("subjectType", conflict.subjectType());
        row.put("subjectId", conflict.subjectId());
        row.put("provider", conflict.provider());
        row.put("eventKey", conflict.eventKey());
        row.put("statusBefore", conflict.statusBefore());
        row.put("reported", conflict.reported().name());
        row.put("providerRef", conflict.providerRef());
        row.put("resolution", conflict.resolution().name());
        row.put("compensationId", conflict.compensationId());
        row.put("detail", conflict.detail().length() <= 500 ? conflict.detail() : conflict.detail().substring(0, 500));
        row.put("now", now);
        jdbc.update(SqlFiles.load("payments/insert-conflict.sql"), row);
        Counter.builder("malipo.settlement.conflicts")
                .description("Reports that contradicted a final outcome, and money an order could no longer take")
                .tag("subject", conflict.subjectType().toLowerCase(Locale.ROOT))
                .tag("reported", conflict.reported().name().toLowerCase(Locale.ROOT))
                .tag("resolution", conflict.resolution().name().toLowerCase(Locale.ROOT))
                .register(meters).increment();
        LOG.warn("{} {} was {} when {} reported {} (event {}): {} [{}]", conflict.subjectType().toLowerCase(Locale.ROOT),
                conflict.subjectId(), conflict.statusBefore(), conflict.provider(), conflict.reported(),
                conflict.eventKey(), conflict.detail(), conflict.resolution());
    }
}
