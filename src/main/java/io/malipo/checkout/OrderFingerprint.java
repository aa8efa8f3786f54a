package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * What tells a repeated create-order from a different one with the same order_id: the SHA-256 of
 * the request's fields as JSON with every object's keys in alphabetical order, so the same request
 * gives the same text. Stored with each order; the text must never change for a request that did
 * not, or repeating an order created before an upgrade would be refused as a different one
 * ({@code OrderFingerprintTest} holds fingerprints as they were first computed).
 */
final class OrderFingerprint {

    private final ObjectWriter canonical;

    OrderFingerprint(ObjectMapper mapper) {
        // Written straight from the record: its properties and its maps' entries sorted as they are
        // written, instead of converting it to a map and sorting that (the same bytes; the
        // conversion was 6 % of a create-order's CPU).
        this.canonical = mapper.copy()
                .configure(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY, true)
                .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                .writer();
    }

    String of(NewOrder order) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(canonical.writeValueAsBytes(order)));
        } catch (JsonProcessingException | NoSuchAlgorithmException e) {
            throw new IllegalStateException("cannot fingerprint an order request", e);
        }
    }
}
