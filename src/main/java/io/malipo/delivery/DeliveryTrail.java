package io.malipo.delivery;

import java.util.List;

/** A delivery with every attempt made of it, oldest first ({@link DeliveryEndpoints#FOR_SOURCE}). */
public record DeliveryTrail(SourceDelivery delivery, List<DeliveryAttempt> attempts) {
}
