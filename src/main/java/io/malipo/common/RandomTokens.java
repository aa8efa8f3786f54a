package io.malipo.common;

import java.security.SecureRandom;

/** High-entropy random strings for keys, secrets and identifiers people copy by hand. */
public final class RandomTokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final char[] BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".toCharArray();
    // Crockford's alphabet: no I, L, O or U, so a code read aloud or retyped stays unambiguous.
    private static final char[] CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();

    private RandomTokens() {
    }

    /** {@code length} characters of [0-9A-Za-z]: 5.95 bits each. */
    public static String base62(int length) {
        return draw(BASE62, length);
    }

    /** {@code length} upper-case characters of Crockford's base 32: 5 bits each. */
    public static String crockford(int length) {
        return draw(CROCKFORD, length);
    }

    /** {@code length} decimal digits, the first not 0: codes people type on a phone keypad. */
    public static String digits(int length) {
        StringBuilder out = new StringBuilder(length);
        out.append((char) ('1' + RANDOM.nextInt(9)));
        for (int i = 1; i < length; i++) {
            out.append((char) ('0' + RANDOM.nextInt(10)));
        }
        return out.toString();
    }

    public static byte[] bytes(int length) {
        byte[] bytes = new byte[length];
        RANDOM.nextBytes(bytes);
        return bytes;
    }

    private static String draw(char[] alphabet, int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(alphabet[RANDOM.nextInt(alphabet.length)]);
        }
        return out.toString();
    }
}
