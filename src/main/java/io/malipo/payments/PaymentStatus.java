package io.malipo.payments;

import java.util.EnumSet;
import java.util.Set;

/**
 * The status of a payment (collection), a payout or a reversal, and the only moves between them.
 * <pre>
 * PENDING ──provider's final word──> SUCCEEDED | FAILED
 * FAILED ──a success reported late──> SUCCEEDED       (recorded and compensated, see {@link Transition})
 * SUCCEEDED ──fully reversed──> REVERSED              (payments only; partial reversals keep SUCCEEDED)
 * </pre>
 * What a provider's report does from each status is {@link Transition}.
 */
public enum PaymentStatus {
    PENDING,
    SUCCEEDED,
    FAILED,
    REVERSED;

    public Set<PaymentStatus> next() {
        return switch (this) {
            case PENDING -> EnumSet.of(SUCCEEDED, FAILED);
            case FAILED -> EnumSet.of(SUCCEEDED);
            case SUCCEEDED -> EnumSet.of(REVERSED);
            case REVERSED -> EnumSet.noneOf(PaymentStatus.class);
        };
    }

    public boolean canBecome(PaymentStatus status) {
        return next().contains(status);
    }
}
