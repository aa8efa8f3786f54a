package io.malipo.delivery;

import java.time.Instant;
import java.util.UUID;

/**
 * One attempt of a delivery as sql/delivery/select-attempts-for-source.sql reads it.
 *
 * @param statusCode the receiver's HTTP status; null when it never answered
 * @param error why it did not count as delivered (a status, a timeout, a refused address); null when it did
 * @param answer the start of the receiver's answer, one line of at most 200 characters; null when there was none
 */
public record DeliveryAttempt(UUID deliveryId, int attempt, Instant attemptedAt, Integer statusCode, String error,
        String answer) {
}
