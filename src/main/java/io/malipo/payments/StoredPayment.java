package io.malipo.payments;

import java.math.BigDecimal;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A payment as sending it and asking about it see it: sql/payments/select-payment.sql.
 *
 * @param checkoutOrder the checkout order it pays, or null for a token-API collection
 * @param checks the status queries made so far
 */
public record StoredPayment(UUID id, UUID merchantId, boolean livemode, UUID checkoutOrder, String channel,
        String provider, BigDecimal amount, String currency, String msisdn, String cardToken, String transid,
        String reference, String providerRef, PaymentStatus status, String failureCode, int checks,
        OffsetDateTime createdAt) implements ProviderRequest {
}
