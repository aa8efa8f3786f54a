package io.malipo.tokenapi;

import io.malipo.common.ApiException;
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
 * Paging cursors: the position in a list (the last item's sequence number), encrypted and
 * authenticated with AES-GCM under a key derived from the master key, with the list's name,
 * the merchant and the mode as associated data. A cursor therefore says nothing to its holder
 * (sequence numbers are shared by all merchants and would reveal volumes), cannot be altered,
 * and works only for the list, merchant and mode it was made for.
 */
@Component
public class Cursors {

    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private final SecretKeySpec key;

    public Cursors(InstanceSecrets secrets) {
        this.key = new SecretKeySpec(secrets.derivedKey("paging-cursors"), "AES");
    }

    /** Where a list is: which list, for whom. */
    public record Scope(String list, UUID merchantId, boolean livemode) {

        byte[] associatedData() {
            return (list + "|" + merchantId + "|" + livemode).getBytes(StandardCharsets.UTF_8);
        }
    }

    public String encode(Scope scope, long position) {
        byte[] nonce = RandomTokens.bytes(NONCE_BYTES);
        try {
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, scope);
            byte[] sealed = cipher.doFinal(ByteBuffer.allocate(Long.BYTES).putLong(position).array());
            return ENCODER.encodeToString(ByteBuffer.allocate(NONCE_BYTES + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is unavailable in this JVM", e);
        }
    }

    /** The position a cursor holds; a 400 for anything not made by {@link #encode} for this scope. */
    public long decode(Scope scope, String cursor) {
        try {
            byte[] in = Base64.getUrlDecoder().decode(cursor);
            if (in.length != NONCE_BYTES + Long.BYTES + TAG_BITS / 8) {
                throw invalid();
            }
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, java.util.Arrays.copyOf(in, NONCE_BYTES), scope);
            return ByteBuffer.wrap(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES)).getLong();
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            throw invalid();
        }
    }

    private Cipher cipher(int mode, byte[] nonce, Scope scope) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
        cipher.updateAAD(scope.associatedData());
        return cipher;
    }

    private static ApiException invalid() {
        return ApiException.badRequest("invalid_cursor", "cursor: this is not a cursor Malipo gave for this list to "
                + "this merchant and mode; pass back the nextCursor of the previous page unchanged, or leave cursor "
                + "out to start from the newest item.");
    }
}
