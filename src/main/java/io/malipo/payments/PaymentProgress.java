package io.malipo.payments;

import java.time.Instant;
import java.util.UUID;

/**
 * What a payment's page shows besides its {@link PaymentView} (sql/payments/select-payment-progress.sql).
 *
 * @param checkoutOrder the checkout order it pays; null for a token-API collection
 * @param checks how often Malipo has asked the provider about it
 * @param nextCheckAt when Malipo asks next, while it is in flight
 */
public record PaymentProgress(UUID checkoutOrder, int checks, Instant nextCheckAt) {
}
