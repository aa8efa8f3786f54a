package io.malipo.merchant;

import io.malipo.common.InstanceSecrets;
import io.malipo.common.RandomTokens;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * Encrypts what Malipo must be able to read back but nobody else may: checkout secrets (verifying
 * a checkout request's HMAC needs the secret itself), webhook endpoint secrets, token signing
 * keys, and the answers kept for replays and Idempotency-Keys. AES-256-GCM under a key derived
 * from the master key for this use alone, with the owner's id as associated data, so a
 * ciphertext copied onto another row does not decrypt.
 *
 * <p>Format {@code v2.} is under the derived key. Format {@code v1.} was under the master key
 * itself; {@link #reseal} turns it into v2 (a migration does so for everything stored), and
 * nothing else opens it.
 */
@Component
public class SecretBox {

    private static final String FORMAT = "v2.";
    private static final String LEGACY_FORMAT = "v1.";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final SecretKeySpec legacyKey;

    public SecretBox(InstanceSecrets secrets) {
        this.key = new SecretKeySpec(secrets.derivedKey("secret-box"), "AES");
        this.legacyKey = new SecretKeySpec(secrets.legacyMasterKey(), "AES");
    }

    public String seal(UUID owner, String secret) {
        return seal(key, FORMAT, owner, secret);
    }

    public String open(UUID owner, String sealed) {
        if (sealed == null || !sealed.startsWith(FORMAT)) {
            throw new IllegalStateException("stored secret of " + owner + " is not in a known format");
        }
        return open(key, FORMAT, owner, sealed);
    }

    /** What was sealed in the old format, sealed again in the current one; anything else as it is. */
    public String reseal(UUID owner, String sealed) {
        if (sealed == null || !sealed.startsWith(LEGACY_FORMAT)) {
            return sealed;
        }
        return seal(owner, open(legacyKey, LEGACY_FORMAT, owner, sealed));
    }

    private static String seal(SecretKeySpec key, String format, UUID owner, String secret) {
        byte[] nonce = RandomTokens.bytes(NONCE_BYTES);
        try {
            Cipher cipher = cipher(key, Cipher.ENCRYPT_MODE, nonce, owner);
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] out = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array();
            return format + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable in this JVM", e);
        }
    }

    private static String open(SecretKeySpec key, String format, UUID owner, String sealed) {
        byte[] in = Base64.getDecoder().decode(sealed.substring(format.length()));
        try {
            Cipher cipher = cipher(key, Cipher.DECRYPT_MODE, Arrays.copyOf(in, NONCE_BYTES), owner);
            byte[] plain = cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("stored secret of " + owner + " does not decrypt: "
                    + "MALIPO_MASTER_KEY differs from the key it was encrypted with", e);
        }
    }

    /**
     * One cipher per thread, initialised afresh for each use (always with its own nonce when
     * sealing): looking the algorithm up among the providers cost more than the encryption.
     */
    private static final ThreadLocal<Cipher> CIPHERS = ThreadLocal.withInitial(() -> {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/GCM is unavailable in this JVM", e);
        }
    });

    private static Cipher cipher(SecretKeySpec key, int mode, byte[] nonce, UUID owner)
            throws GeneralSecurityException {
        Cipher cipher = CIPHERS.get();
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(owner.toString().getBytes(StandardCharsets.US_ASCII));
        return cipher;
    }
}
