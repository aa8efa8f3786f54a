package io.malipo.payments;

import io.malipo.common.SqlParameters;
import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A page of a merchant's payments narrowed by filters, each null when not set
 * (sql/payments/select-payment-views-search.sql).
 *
 * @param text a reference (the merchant's, Malipo's, the provider's) or an order id, matched exactly
 * @param msisdnEnding {@code %digits} when the text is digits, matched against the end of the payer's number
 * @param beforeSeq the page starts below this position (Long.MAX_VALUE for the first)
 * @param limit rows to read: one more than the page shows, to know whether another follows
 */
public record PaymentSearch(UUID merchantId, boolean livemode, String status, String channel, String provider,
        OffsetDateTime createdFrom, OffsetDateTime createdBefore, BigDecimal minAmount, BigDecimal maxAmount,
        String text, String msisdnEnding, long beforeSeq, int limit) implements SqlParameters {

    public static PaymentSearch of(UUID merchantId, boolean livemode, String status, String channel, String provider,
            OffsetDateTime createdFrom, OffsetDateTime createdBefore, BigDecimal minAmount, BigDecimal maxAmount,
            String text, long beforeSeq, int limit) {
        return new PaymentSearch(merchantId, livemode, status, channel, provider, createdFrom, createdBefore,
                minAmount, maxAmount, text, text != null && text.matches("[0-9]{3,15}") ? "%" + text : null,
                beforeSeq, limit);
    }
}
