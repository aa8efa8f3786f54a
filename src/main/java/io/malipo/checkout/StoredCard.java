package io.malipo.checkout;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A buyer's stored card as sql/checkout/select-stored-cards.sql reads it: never the number, only
 * the processor's token and what the buyer recognises the card by.
 */
public record StoredCard(UUID id, String maskedCard, String cardType, String name, String cardToken,
        OffsetDateTime createdAt) {
}
