package io.malipo.delivery;

import java.util.EnumSet;
import java.util.Set;

/**
 * A delivery's status and the only moves between them.
 * <pre>
 * PENDING ──claimed by an instance──> DELIVERING ──2xx──> DELIVERED
 * DELIVERING ──not delivered, schedule left──> PENDING (next_attempt_at later)
 * DELIVERING ──schedule used up, or the target refused for good──> FAILED
 * DELIVERING ──claim lapsed (its instance stopped)──> DELIVERING, claimed by another
 * FAILED | DELIVERED | PENDING ──resent by an operator──> PENDING
 * </pre>
 */
public enum DeliveryStatus {
    PENDING,
    DELIVERING,
    DELIVERED,
    FAILED;

    public Set<DeliveryStatus> next() {
        return switch (this) {
            case PENDING -> EnumSet.of(DELIVERING, PENDING);
            case DELIVERING -> EnumSet.of(DELIVERED, PENDING, FAILED, DELIVERING);
            case DELIVERED, FAILED -> EnumSet.of(PENDING);
        };
    }

    public boolean canBecome(DeliveryStatus status) {
        return next().contains(status);
    }
}
