package io.malipo.checkout;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.Currency;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The QR payload of an order: an EMVCo merchant-presented code (the format behind TanQR and
 * the wallets' scan-to-pay), dynamic and single-use, carrying the amount, the merchant and, as
 * its reference label, the order's payment token, which is what the provider reports back.
 * The format is a list of id-length-value fields closed by a CRC-16/CCITT-FALSE checksum.
 */
public final class EmvQr {

    static final String GUID = "io.malipo";
    private static final Pattern NOT_PRINTABLE = Pattern.compile("[^\\x20-\\x7e]");

    /** The CRC of each byte value on its own (polynomial 0x1021), shifted through eight times. */
    private static final int[] CRC_TABLE = new int[256];

    static {
        for (int value = 0; value < 256; value++) {
            int crc = value << 8;
            for (int bit = 0; bit < 8; bit++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
            CRC_TABLE[value] = crc & 0xFFFF;
        }
    }

    private EmvQr() {
    }

    public static String payload(String vendor, String merchantName, String city, String countryCode, BigDecimal amount,
            String currency, String paymentToken) {
        String body = field("00", "01")
                + field("01", "12")
                + field("26", field("00", GUID) + field("01", vendor))
                + field("52", "0000")
                + field("53", padded(Currency.getInstance(currency).getNumericCode(), 3))
                + field("54", amount.stripTrailingZeros().toPlainString())
                + field("58", countryCode)
                + field("59", ascii(merchantName, 25))
                + field("60", ascii(city, 15))
                + field("62", field("05", paymentToken))
                + "6304";
        return body + crc16(body);
    }

    private static String field(String id, String value) {
        if (value.length() > 99) {
            throw new IllegalArgumentException("EMV field " + id + " is longer than 99 characters");
        }
        return id + padded(value.length(), 2) + value;
    }

    /** The number in decimal, zero-padded to {@code width} (String.format costs more than the rest of the payload). */
    private static String padded(int number, int width) {
        String digits = Integer.toString(number);
        return "0".repeat(Math.max(0, width - digits.length())) + digits;
    }

    /** The characters EMV allows in names (printable ASCII), at most {@code max} of them. */
    private static String ascii(String text, int max) {
        String plain = Normalizer.normalize(text, Normalizer.Form.NFD)
                .transform(t -> NOT_PRINTABLE.matcher(t).replaceAll("")).strip();
        if (plain.isEmpty()) {
            plain = "Merchant";
        }
        return plain.length() > max ? plain.substring(0, max).strip() : plain;
    }

    /** CRC-16/CCITT-FALSE a byte at a time: the bit-by-bit loop was half of a payload's cost. */
    static String crc16(String data) {
        int crc = 0xFFFF;
        for (byte b : data.getBytes(StandardCharsets.US_ASCII)) {
            crc = (crc << 8) ^ CRC_TABLE[((crc >>> 8) ^ b) & 0xFF];
        }
        return HexFormat.of().withUpperCase().toHexDigits((short) crc);
    }
}
