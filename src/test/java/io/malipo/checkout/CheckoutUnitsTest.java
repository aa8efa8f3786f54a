package io.malipo.checkout;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The small rules of the checkout API: timestamps, paths, number text per client, QR checksums. */
class CheckoutUnitsTest {

    private static final ZoneId DAR = ZoneId.of("Africa/Dar_es_Salaam");

    @ParameterizedTest
    @ValueSource(strings = {"2024-05-01T12:30:46+03:00", "2024-05-01T12:30:46+0300", "2024-05-01T09:30:46Z",
            "2024-05-01T09:30:46.255Z", "2024-05-01T09:30:46.123456789Z", "2024-05-01 12:30:46",
            "2024-05-01T12:30:46", "2024-05-01T12:30:46+03", " 2024-05-01T12:30:46+03:00 "})
    void everyTimestampFormClientsSendIsRead(String header) {
        assertThat(Timestamps.parse(header, DAR)).hasValueSatisfying(instant ->
                assertThat(instant.getEpochSecond()).isEqualTo(Instant.parse("2024-05-01T09:30:46Z").getEpochSecond()));
    }

    @ParameterizedTest
    @CsvSource({"2024-05-01T05:30:46.5-04:00, 2024-05-01T09:30:46.500Z", "2024-05-01T09:30:46.000000001Z, 2024-05-01T09:30:46.000000001Z",
            "2024-05-01T10:00:46-00:30, 2024-05-01T10:30:46Z", "2024-05-01T12:30:46.25, 2024-05-01T09:30:46.250Z"})
    void aTimestampKeepsItsFractionAndOffsetExactly(String header, String instant) {
        assertThat(Timestamps.parse(header, DAR)).hasValue(Instant.parse(instant));
    }

    /** Java's OffsetDateTime.toString() leaves the seconds out when they are 0. */
    @ParameterizedTest
    @ValueSource(strings = {"2024-05-01T12:30+03:00", "2024-05-01T09:30Z", "2024-05-01 12:30"})
    void aTimestampWithoutSecondsIsReadAsTheWholeMinute(String header) {
        assertThat(Timestamps.parse(header, DAR)).hasValue(Instant.parse("2024-05-01T09:30:00Z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "yesterday", "2024-13-01T12:30:46Z", "2024-05-01", "1714555846", "2024-05-01T25:00:00Z",
            "2024-05-01T12:30.5Z", "2024-05-01T12Z", "2024-02-30T10:00:00Z", "2024-05-01T12:30:46+19:00",
            "2024-05-01T12:60:00Z"})
    void unreadableTimestampsAreNotGuessed(String header) {
        assertThat(Timestamps.parse(header, DAR)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
            "GET, /v1/checkout/order-status, /v1/checkout/order-status",
            "GET, //v1/checkout/order-status, /v1/checkout/order-status",
            "GET, /v1//checkout//order-status/, /v1/checkout/order-status",
            "DELETE, /v1/v1/checkout/cancel-order, /v1/checkout/cancel-order",
            "GET, /v1/checkout/list-order, /v1/checkout/list-orders",
            "DELETE, /v1/checkout, /v1/checkout/cancel-order",
            "DELETE, /v1/checkout/, /v1/checkout/cancel-order",
            "GET, /v1/checkout, /v1/checkout"
    })
    void checkoutPathsClientsProduceMapOntoTheOperations(String method, String path, String normalised) {
        assertThat(CheckoutPaths.normalise(method, path)).isEqualTo(normalised);
    }

    @ParameterizedTest
    @CsvSource({"1000000, 1e+06", "1500000, 1.5e+06", "999999, 999999", "1234567.89, 1.23456789e+06",
            "8000.50, 8000.5", "8000.0, 8000", "0.0001, 0.0001", "0.00001, 1e-05", "100000000, 1e+08", "0, 0"})
    void goPrintsFloatsTheWayItsFmtPackageDoes(String number, String go) {
        assertThat(SigningProfile.goFloat(new BigDecimal(number))).hasValue(go);
    }

    @ParameterizedTest
    @CsvSource({"15000.50, true", "-1E+6, true", "1e400, true", "1e-400, true", "0e999, true", "1e401, false",
            "1e-401, false", "1e99999999999, false", "+5, false", ".5, false", "1.5e, false", "Infinity, false"})
    void numberTextIsReadOnlyWhenWrittenAsANumberOfBoundedSize(String text, boolean read) {
        assertThat(RawJson.Num.decimal(text).isPresent()).isEqualTo(read);
    }

    @Test
    void numberTextLongerThanAnyAmountIsNotRead() {
        assertThat(RawJson.Num.decimal("1".repeat(RawJson.Num.MAX_LENGTH))).isPresent();
        assertThat(RawJson.Num.decimal("1".repeat(RawJson.Num.MAX_LENGTH + 1))).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"2e308", "-1.8e308", "1e400"})
    void goHasNoTextForNumbersBeyondAFloat64(String number) {
        assertThat(SigningProfile.goFloat(new BigDecimal(number))).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("io.malipo.checkout.DigestVerifierTest#numbersBeyondEveryNumberType")
    void aNumberBeyondEveryNumberTypeIsSignedAsWrittenByEveryProfileButGoWhichCannotHoldIt(String number) {
        SignedSource body = CheckoutRequest.parse(("{\"x\": " + number + "}").getBytes(StandardCharsets.UTF_8), null)
                .sources().get(0);

        for (SigningProfile profile : SigningProfile.values()) {
            Optional<String> signing = DigestVerifier.signingString("T", List.of("x"), body, profile);
            if (profile == SigningProfile.GO) {
                assertThat(signing).as(profile.name()).isEmpty();
            } else {
                assertThat(signing).as(profile.name()).hasValueSatisfying(s ->
                        assertThat(s.replace(',', '.')).isEqualTo("timestamp=T&x=" + number));
            }
        }
    }

    @Test
    void qrChecksumIsCrc16CcittFalse() {
        assertThat(EmvQr.crc16("123456789")).isEqualTo("29B1");
        assertThat(EmvQr.crc16("")).isEqualTo("FFFF");
        assertThat(EmvQr.crc16("A")).isEqualTo("B915");
        java.util.Random random = new java.util.Random(7);
        for (int n = 0; n < 200; n++) {
            char[] text = new char[random.nextInt(120)];
            for (int i = 0; i < text.length; i++) {
                text[i] = (char) (0x20 + random.nextInt(0x5f));
            }
            String data = new String(text);
            assertThat(EmvQr.crc16(data)).as(data).isEqualTo(bitByBitCrc16(data));
        }
    }

    /** The checksum's definition, one bit at a time. */
    private static String bitByBitCrc16(String data) {
        int crc = 0xFFFF;
        for (char c : data.toCharArray()) {
            crc ^= c << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
        }
        return String.format("%04X", crc & 0xFFFF);
    }

    @Test
    void qrPayloadCarriesTheAmountCurrencyMerchantAndToken() {
        String payload = EmvQr.payload("MLP123", "Duka la Mamá & Sons Limited Company", "Dar es Salaam", "TZ",
                new BigDecimal("15000.00"), "TZS", "1234567890");

        assertThat(payload).startsWith("000201010212")
                .contains("0009io.malipo0106MLP123")
                .contains("5303834").contains("540515000").contains("5802TZ")
                .contains("5925Duka la Mama & Sons Limit6013")
                .contains("62140510" + "1234567890");
        assertThat(payload.substring(payload.length() - 4))
                .isEqualTo(EmvQr.crc16(payload.substring(0, payload.length() - 4)));
    }

    /** Authorization carries the key in standard or URL-safe Base64, as itself, or in hex. */
    @Test
    void theApiKeyIsFoundInEveryEncodingClientsSend() {
        String key = "live_key>>>???~";
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        String standard = Base64.getEncoder().encodeToString(bytes);
        String urlSafe = Base64.getUrlEncoder().encodeToString(bytes);
        assertThat(standard).contains("+").contains("/");
        assertThat(urlSafe).contains("-").contains("_");
        for (String sent : List.of(standard, urlSafe, key, HexFormat.of().formatHex(bytes))) {
            assertThat(CheckoutAuth.candidateKeys("SELCOM " + sent)).as(sent).contains(key);
        }
        assertThat(CheckoutAuth.candidateKeys("SELCOM")).isEmpty();
    }
}
