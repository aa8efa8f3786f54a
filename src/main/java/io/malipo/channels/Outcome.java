package io.malipo.channels;

/**
 * What a provider said. To a push: ACCEPTED (the payer is being asked), DECLINED (refused
 * outright), UNAVAILABLE (nothing was sent: connection refused, circuit open) or PENDING (no
 * clear answer: the payer may be charged, so it stays in flight). Of a payment: SUCCEEDED,
 * FAILED or still PENDING.
 */
public enum Outcome {
    ACCEPTED,
    DECLINED,
    UNAVAILABLE,
    PENDING,
    SUCCEEDED,
    FAILED
}
