package io.malipo.merchant;

import io.malipo.common.InstanceSecrets;
import io.malipo.common.RandomTokens;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.springframework.stereotype.Component;

/**
 * Encrypts checkout secrets at rest. They cannot be hashed like API keys: verifying a checkout
 * request's HMAC needs the secret itself. AES-256-GCM under the master key, with the
 * credential's id as associated data, so a ciphertext copied onto another credential's row
 * does not decrypt.
 */
@Component
public class SecretBox {

    private static final String FORMAT = "v1.";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;

    public SecretBox(InstanceSecrets secrets) {
        this.key = new SecretKeySpec(secrets.masterKey(), "AES");
    }

    public String seal(UUID owner, String secret) {
        byte[] nonce = RandomTokens.bytes(NONCE_BYTES);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, owner);
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] out = ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array();
            return FORMAT + Base64.getEncoder().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable in this JVM", e);
        }
    }

    public String open(UUID owner, String sealed) {
        if (sealed == null || !sealed.startsWith(FORMAT)) {
            throw new IllegalStateException("stored secret of credential " + owner + " is not in a known format");
        }
        byte[] in = Base64.getDecoder().decode(sealed.substring(FORMAT.length()));
        try {
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, java.util.Arrays.copyOf(in, NONCE_BYTES), owner);
            byte[] plain = cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES);
            return new String(plain, StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("stored secret of credential " + owner + " does not decrypt: "
                    + "MALIPO_MASTER_KEY differs from the key it was encrypted with", e);
        }
    }

    private Cipher cipher(int mode, byte[] nonce, UUID owner) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(owner.toString().getBytes(StandardCharsets.US_ASCII));
        return cipher;
    }
}
