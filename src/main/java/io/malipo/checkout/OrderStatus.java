package io.malipo.checkout;

import java.util.EnumSet;
import java.util.Set;

/**
 * An order's payment_status, the six values of the interface, and the only moves between them
 * (DESIGN §5). The SQL that changes an order compares and sets these values; its comments name
 * the move.
 * <pre>
 * PENDING ──attempt starts──> INPROGRESS ──attempt succeeds──> COMPLETED
 * INPROGRESS ──attempt fails, attempts left──> PENDING
 * INPROGRESS ──attempt fails, none left──> REJECTED
 * PENDING ──cancel-order, or expiry──> CANCELLED      PENDING ──buyer cancels──> USERCANCELLED
 * INPROGRESS at expiry: the attempt resolves first; a failure then ends in CANCELLED
 * </pre>
 */
public enum OrderStatus {
    PENDING,
    INPROGRESS,
    COMPLETED,
    CANCELLED,
    USERCANCELLED,
    REJECTED;

    /** Where each status may go next. */
    public Set<OrderStatus> next() {
        return switch (this) {
            case PENDING -> EnumSet.of(INPROGRESS, CANCELLED, USERCANCELLED);
            case INPROGRESS -> EnumSet.of(COMPLETED, PENDING, REJECTED, CANCELLED);
            case COMPLETED, CANCELLED, USERCANCELLED, REJECTED -> EnumSet.noneOf(OrderStatus.class);
        };
    }

    public boolean canBecome(OrderStatus status) {
        return next().contains(status);
    }

    /** Nothing changes it any more. */
    public boolean isFinal() {
        return next().isEmpty();
    }

    /** What list-orders says of it: SUCCESS when paid, FAIL when it ended unpaid, PENDING otherwise. */
    public String result() {
        return switch (this) {
            case COMPLETED -> "SUCCESS";
            case REJECTED, CANCELLED, USERCANCELLED -> "FAIL";
            case PENDING, INPROGRESS -> "PENDING";
        };
    }
}
