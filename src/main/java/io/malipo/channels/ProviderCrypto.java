package io.malipo.channels;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Cipher;
import org.springframework.stereotype.Component;

/**
 * Encryption providers ask of what a connector sends: Vodacom's OpenAPI wants its API key and
 * session id, Airtel a disbursement's PIN, encrypted under the provider's RSA public key
 * (PKCS#1 v1.5) and sent as Base64; form bodies want their values percent-encoded. Connector
 * routes call it as bean {@code providerCrypto}.
 */
@Component("providerCrypto")
public class ProviderCrypto {

    /**
     * Session ids as encrypted for their bearer header, by key and session: a session's bearer is
     * the same on every call while it lives, so the provider (the sandbox's included) decrypts it
     * once rather than on every call, where a private-key operation costs milliseconds.
     */
    private final Cache<String, String> bearers = Caffeine.newBuilder().maximumSize(1_000)
            .expireAfterWrite(Duration.ofHours(2)).build();

    /** Base64 of {@code text} encrypted under {@code publicKey} (Base64 of its X.509 encoding, PEM armour allowed). */
    public String rsa(String publicKey, String text) {
        if (publicKey == null || publicKey.isBlank()) {
            throw new IllegalStateException("the provider's public key is not configured");
        }
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
            cipher.init(Cipher.ENCRYPT_MODE, publicKey(publicKey));
            return Base64.getEncoder().encodeToString(cipher.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("the provider's public key is not an RSA public key in Base64", e);
        }
    }

    /**
     * {@link #rsa} of a session id, once per session and key: the same Base64 on every call of the
     * session, as a provider that decrypts what it is sent cannot tell the two apart.
     */
    public String rsaForSession(String publicKey, String session) {
        return bearers.get(publicKey + "\n" + session, key -> rsa(publicKey, session));
    }

    /** A new 2048-bit RSA key pair, as a provider's: the sandbox's, and a contract test's fake provider's. */
    public static KeyPair rsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("this JVM has no RSA", e);
        }
    }

    /**
     * {@code text} percent-encoded as a value of an application/x-www-form-urlencoded body (UTF-8),
     * as providers with an OAuth2 password grant ask of a username and password.
     */
    public String formValue(String text) {
        return URLEncoder.encode(text == null ? "" : text, StandardCharsets.UTF_8);
    }

    /** The sandbox's side, and a contract test's: what {@link #rsa} encrypted. */
    public static String decrypt(PrivateKey key, String base64) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("RSA/ECB/PKCS1Padding");
        cipher.init(Cipher.DECRYPT_MODE, key);
        return new String(cipher.doFinal(Base64.getDecoder().decode(base64.strip())), StandardCharsets.UTF_8);
    }

    private static PublicKey publicKey(String text) throws GeneralSecurityException {
        String base64 = text.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
    }
}
