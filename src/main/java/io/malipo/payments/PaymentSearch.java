package io.malipo.payments;

import io.malipo.common.Msisdn;
import io.malipo.common.SqlParameters;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * A page of a merchant's payments narrowed by filters, each null when not set: newest first by
 * (created_at, seq), below the payment at {@code beforeSeq}. A search for a text runs
 * sql/payments/select-payment-views-by-text.sql, which looks each kind of reference up in its own
 * index; one for a status runs select-payment-views-by-status.sql, which walks that status's payments
 * alone; anything else runs select-payment-views-search.sql, which walks the merchant's payments
 * newest first through the index on (merchant_id, livemode, created_at, seq) within the dates.
 *
 * @param createdFrom and {@code createdBefore}: always set, the widest span when the filter is not
 * @param text a reference (the merchant's, Malipo's, the provider's) or an order id, matched exactly
 * @param msisdnTail the last 4 digits of the payer's number searched for (the index's key), or null
 * @param msisdnEnding {@code %digits} (or the whole number) the payer's number must end with, or null
 * @param beforeSeq the page starts below this payment (Long.MAX_VALUE, or an unknown one, for the first)
 * @param limit rows to read: one more than the page shows, to know whether another follows
 */
public record PaymentSearch(UUID merchantId, boolean livemode, String status, String channel, String provider,
        OffsetDateTime createdFrom, OffsetDateTime createdBefore, BigDecimal minAmount, BigDecimal maxAmount,
        String text, String msisdnTail, String msisdnEnding, long beforeSeq, int limit) implements SqlParameters {

    private static final OffsetDateTime EARLIEST = OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    private static final OffsetDateTime LATEST = OffsetDateTime.of(9999, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
    /** Where numbers typed without their country prefix are from. */
    private static final String REGION = "TZ";

    /**
     * @param text also searched as the payer's number: in full as people type it ({@code 0754 123 456}),
     *     or its last 4 digits or more
     */
    public static PaymentSearch of(UUID merchantId, boolean livemode, String status, String channel, String provider,
            OffsetDateTime createdFrom, OffsetDateTime createdBefore, BigDecimal minAmount, BigDecimal maxAmount,
            String text, long beforeSeq, int limit) {
        String ending = text == null ? null : Msisdn.fromTyped(text, REGION)
                .orElse(text.matches("[0-9]{4,15}") ? "%" + text : null);
        return new PaymentSearch(merchantId, livemode, status, channel, provider,
                createdFrom == null ? EARLIEST : createdFrom, createdBefore == null ? LATEST : createdBefore,
                minAmount, maxAmount, text, ending == null ? null : ending.substring(ending.length() - 4), ending,
                beforeSeq, limit);
    }

    /** Whether the search looks a text up, rather than walking the list. */
    boolean byText() {
        return text != null;
    }
}
