package io.malipo.testsupport;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/** The secret box's first format, v1.: AES-256-GCM under the master key itself, as the first versions wrote it. */
public final class LegacySeal {

    private LegacySeal() {
    }

    public static String seal(String masterKeyBase64, UUID owner, String secret) {
        try {
            byte[] nonce = new byte[12];
            new SecureRandom().nextBytes(nonce);
            byte[] sealed = cipher(masterKeyBase64, Cipher.ENCRYPT_MODE, nonce, owner)
                    .doFinal(secret.getBytes(StandardCharsets.UTF_8));
            return "v1." + Base64.getEncoder().encodeToString(ByteBuffer.allocate(12 + sealed.length).put(nonce)
                    .put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Opens a value of either format with the master key itself, as the first versions would. */
    public static String open(String masterKeyBase64, UUID owner, String sealed) throws GeneralSecurityException {
        byte[] in = Base64.getDecoder().decode(sealed.substring(3));
        return new String(cipher(masterKeyBase64, Cipher.DECRYPT_MODE, java.util.Arrays.copyOf(in, 12), owner)
                .doFinal(in, 12, in.length - 12), StandardCharsets.UTF_8);
    }

    private static Cipher cipher(String masterKeyBase64, int mode, byte[] nonce, UUID owner)
            throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, new SecretKeySpec(Base64.getDecoder().decode(masterKeyBase64), "AES"),
                new GCMParameterSpec(128, nonce));
        cipher.updateAAD(owner.toString().getBytes(StandardCharsets.US_ASCII));
        return cipher;
    }
}
