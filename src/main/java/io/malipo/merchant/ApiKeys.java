package io.malipo.merchant;

import io.malipo.common.RandomTokens;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shape of token-API keys: {@code mk_<mode>_<lookup>_<secret>}. The lookup finds the row
 * without a scan; only a SHA-256 of the whole key is stored (the key carries about 190 random
 * bits, so a fast hash is enough: there is nothing to brute-force).
 */
public final class ApiKeys {

    private static final int LOOKUP_LENGTH = 12;
    private static final int SECRET_LENGTH = 32;
    private static final Pattern SHAPE =
            Pattern.compile("mk_(test|live)_([0-9A-Za-z]{" + LOOKUP_LENGTH + "})_[0-9A-Za-z]{" + SECRET_LENGTH + "}");

    private ApiKeys() {
    }

    public record Parsed(boolean livemode, String lookup) {
    }

    public static String newLookup() {
        return RandomTokens.base62(LOOKUP_LENGTH);
    }

    public static String newKey(boolean livemode, String lookup) {
        return prefix(livemode, lookup) + "_" + RandomTokens.base62(SECRET_LENGTH);
    }

    /** The part of a key that may be shown and logged: it names the key but proves nothing. */
    public static String prefix(boolean livemode, String lookup) {
        return (livemode ? "mk_live_" : "mk_test_") + lookup;
    }

    public static Optional<Parsed> parse(String key) {
        if (key == null) {
            return Optional.empty();
        }
        Matcher m = SHAPE.matcher(key);
        return m.matches() ? Optional.of(new Parsed("live".equals(m.group(1)), m.group(2))) : Optional.empty();
    }

    public static String hash(String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM", e);
        }
    }

    /** Compares a presented key with a stored hash in time independent of where they differ. */
    public static boolean matches(String key, String storedHash) {
        return storedHash != null && MessageDigest.isEqual(
                hash(key).getBytes(StandardCharsets.US_ASCII), storedHash.getBytes(StandardCharsets.US_ASCII));
    }
}
