package io.malipo.payments;

import java.util.UUID;

/** A payment checked and ready to store: who carries it, under which references. */
public record PaymentPlan(UUID paymentId, String reference, String provider, NewPayment payment) {
}
