package io.malipo.payments;

import io.malipo.channels.PaymentResult;

/**
 * What a provider's final word (SUCCEEDED or FAILED) does to the payment, payout or reversal it
 * names, given the status that one has when the report arrives: the one place these
 * transitions are decided. The status is read under a row lock, so two reports of one
 * transaction (a notification and a status query at once) take turns.
 */
public enum Transition {

    /** In flight (PENDING): the report settles it. */
    SETTLE,
    /** Already ended as the report says (a second source, or the same report again): nothing changes. */
    REPEAT,
    /**
     * Ended FAILED, yet the provider says it succeeded: the money moved after all. It is recorded
     * as SUCCEEDED, compensated and shown to operators; never dropped.
     */
    LATE_SUCCESS,
    /**
     * Ended SUCCEEDED (or REVERSED since), yet the provider says it failed: nothing is changed on
     * the provider's word alone; it is recorded for an operator to review.
     */
    LATE_FAILURE;

    /**
     * @param status the stored status: PENDING, SUCCEEDED, FAILED, or REVERSED for a payment
     * @param reported SUCCEEDED or FAILED
     */
    public static Transition of(String status, PaymentResult reported) {
        return of(PaymentStatus.valueOf(status), reported);
    }

    public static Transition of(PaymentStatus status, PaymentResult reported) {
        if (!reported.isFinal()) {
            throw new IllegalArgumentException("a settlement report is SUCCEEDED or FAILED, not " + reported);
        }
        boolean success = reported == PaymentResult.SUCCEEDED;
        return switch (status) {
            case PENDING -> SETTLE;
            case FAILED -> success ? LATE_SUCCESS : REPEAT;
            case SUCCEEDED, REVERSED -> success ? REPEAT : LATE_FAILURE;
        };
    }
}
