package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.malipo.common.Sequenced;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A payment as the token API shows it, whichever API started it. {@code reference} is always
 * the merchant's own (a collection's reference, or the transid of a checkout payment, as in its
 * callback); {@code gatewayReference} is Malipo's, the one providers and payers see.
 */
public record PaymentView(UUID id, String status, BigDecimal amount, BigDecimal fee, String currency, String channel,
        String provider, String msisdn, String reference, String gatewayReference, String providerReference,
        String orderId, String description, String failureCode, String failureMessage, BigDecimal amountReversed,
        Instant createdAt, Instant updatedAt, @JsonIgnore long seq) implements Sequenced {
}
