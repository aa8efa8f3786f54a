package io.malipo.common;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** HMAC-SHA256, the signature of checkout requests and callbacks and of provider notifications. */
public final class Hmac {

    private Hmac() {
    }

    /** Base64 (standard, padded) of HMAC-SHA256 over the bytes. */
    public static String base64(String secret, byte[] data) {
        return Base64.getEncoder().encodeToString(sha256(secret.getBytes(StandardCharsets.UTF_8), data));
    }

    public static String base64(String secret, String text) {
        return base64(secret, text.getBytes(StandardCharsets.UTF_8));
    }

    public static byte[] sha256(byte[] key, byte[] data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable in this JVM", e);
        }
    }

    /** Compares two signatures as text in time independent of where they differ. */
    public static boolean same(String expected, String presented) {
        return presented != null && MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8),
                presented.strip().getBytes(StandardCharsets.UTF_8));
    }
}
