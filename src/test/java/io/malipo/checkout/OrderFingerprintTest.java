package io.malipo.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.json.Jackson2ObjectMapperBuilder;

/**
 * Fingerprints are stored with orders and compared when an order_id comes again, so they must stay
 * what they were: these were computed by the first implementation (the request converted to a map,
 * sorted, then written).
 */
class OrderFingerprintTest {

    private final OrderFingerprint fingerprint = new OrderFingerprint(new Jackson2ObjectMapperBuilder().build());

    @Test
    void aMinimalOrderKeepsItsFingerprint() {
        NewOrder order = new NewOrder("o-1", new BigDecimal("1000.50"), "TZS", "a@b.co", "Asha", "255712345678", null,
                null, Map.of(), Map.of(), EnumSet.of(PaymentMethod.ALL), null, null, null, null, null, 1, null, null,
                null, 60);

        assertThat(fingerprint.of(order)).isEqualTo("c5dabeaf3376c275a400c236b9d210b4a352c796b81ef2a5529752433fcacaf2");
    }

    @Test
    void anOrderWithEveryFieldKeepsItsFingerprintWhateverTheOrderOfItsAddressLines() {
        Map<String, String> billing = new LinkedHashMap<>();
        billing.put("zip", "11101");
        billing.put("city", "Dar es Salaam");
        billing.put("address1", "Plot 4");
        NewOrder order = new NewOrder("o-2", new BigDecimal("1000"), "TZS", null, null, null, "u1",
                UUID.fromString("2b0b7f5e-3c1a-4c55-9a57-0d1f0b9d4c11"), billing, billing,
                EnumSet.of(PaymentMethod.CARD, PaymentMethod.MOBILEMONEYPULL), "https://s/r", "https://s/c",
                "https://s/w", "rem", "mrem", 3, "#fff", "#000", "#111", 1440);

        assertThat(fingerprint.of(order)).isEqualTo("80825d93cd2c47f64d4e492b671fb605a59720c7d27fc15dd90e8baf624ca6d4");
    }

    @Test
    void amountsKeepTheirScale() {
        NewOrder large = new NewOrder("o-3", new BigDecimal("12345678901234567890.12"), "TZS", null, null, null, null,
                null, Map.of(), Map.of(), EnumSet.of(PaymentMethod.MOBILEMONEYPULL), null, null, null, null, null, 0,
                null, null, null, 0);
        NewOrder small = new NewOrder("o-4", new BigDecimal("0.10"), "KES", null, null, null, null, null, Map.of(),
                Map.of(), EnumSet.noneOf(PaymentMethod.class), null, null, null, null, null, 0, null, null, null, 5);

        assertThat(fingerprint.of(large)).isEqualTo("72296289201316a16a0e6681bfa990453629c6d31a5bd8ea829cfb24a684135c");
        assertThat(fingerprint.of(small)).isEqualTo("d9d8ba70ef0bafd7501e7bbd00016847237f2d71eecfa0edadb6d484ae731b79");
    }
}
