package io.malipo.checkout;

import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * A buyer's stored card as sql/checkout/select-stored-cards.sql reads it: never the number, only
 * the processor's token and what the buyer recognises the card by.
 *
 * @param expiry MM/YY; null for a card stored before expiries were kept
 */
public record StoredCard(UUID id, String maskedCard, String cardType, String name, String cardToken, String expiry,
        OffsetDateTime createdAt) {

    /** Its brand as buyers know it, from card_type. */
    public String brand() {
        return "001".equals(cardType) ? "Visa" : "Mastercard";
    }

    /** Its last four digits. */
    public String last4() {
        return maskedCard.substring(maskedCard.length() - 4);
    }
}
