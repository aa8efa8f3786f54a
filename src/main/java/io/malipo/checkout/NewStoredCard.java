package io.malipo.checkout;

import io.malipo.common.SqlParameters;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.UUID;

/**
 * A buyer's card to keep, as sql/checkout/insert-stored-card.sql stores it: the processor's
 * token and what the buyer recognises the card by, never its number or code.
 *
 * @param maskedCard the first six and last four digits, as {@code 4111-11XX-XXXX-1111}
 * @param cardType 001 Visa, 002 Mastercard
 * @param expiry MM/YY
 * @param confirmedAt when a payment with it succeeded; null for a card saved while paying, which
 *     becomes usable when that payment succeeds
 */
public record NewStoredCard(UUID id, UUID buyerId, UUID merchantId, boolean livemode, String cardToken,
        String maskedCard, String cardType, String name, String expiry, OffsetDateTime createdAt,
        OffsetDateTime confirmedAt) implements SqlParameters {

    /**
     * The card the processor tokenized.
     *
     * @param digits the card number, of which only the first six and last four digits are kept
     * @param tokenized the processor's answer (ChannelEndpoints.CARD_TOKENIZE): token, brand, last4
     */
    public static NewStoredCard of(UUID buyerId, UUID merchantId, boolean livemode, String digits,
            Map<?, ?> tokenized, String name, String expiry, OffsetDateTime now, boolean confirmed) {
        String masked = digits.substring(0, 4) + "-" + digits.substring(4, 6) + "XX-XXXX-" + tokenized.get("last4");
        return new NewStoredCard(UUID.randomUUID(), buyerId, merchantId, livemode, String.valueOf(tokenized.get("token")),
                masked, "visa".equals(tokenized.get("brand")) ? "001" : "002", name, expiry, now,
                confirmed ? now : null);
    }
}
