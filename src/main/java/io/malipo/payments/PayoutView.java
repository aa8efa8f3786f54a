package io.malipo.payments;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.malipo.common.Sequenced;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.UUID;

/**
 * A payout as the token API shows it. reference is the merchant's own (null once released: a
 * payout that never left gives it back); gatewayReference is Malipo's, the one the provider sees.
 */
public record PayoutView(UUID id, String status, BigDecimal amount, BigDecimal fee, String currency, String msisdn,
        String provider, String reference, String gatewayReference, String providerReference, String description,
        String failureCode, String failureMessage, Instant createdAt, Instant updatedAt, @JsonIgnore long seq)
        implements Sequenced {
}
