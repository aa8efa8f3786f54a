package io.malipo.checkout;

import io.malipo.common.Hmac;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks a checkout request's Digest: Base64(HMAC-SHA256(api secret, "timestamp=" + Timestamp
 * header + "&name=value" for each name of Signed-Fields, in header order)). Clients render
 * values differently, so the string is built under each {@link SigningProfile}, over each
 * value source on its own, with the Signed-Fields tokens trimmed and as sent; a match in
 * constant time is accepted, and the match says which source and names the client signed.
 */
public final class DigestVerifier {

    private DigestVerifier() {
    }

    /** A verified signature: the client signed {@code names}, taking values from {@code source}. */
    public record Match(SignedSource source, SigningProfile profile, List<String> names, int secretIndex) {

        /** Whether {@code field} is among the signed names with a value the signature pins down. */
        public boolean signsFaithfully(String field) {
            return names.stream().anyMatch(n -> n.strip().equals(field)) && profile.faithful(source.resolve(field));
        }

        public boolean signs(String field) {
            return names.stream().anyMatch(n -> n.strip().equals(field));
        }
    }

    /**
     * The first match over the given secrets (current first, then a replaced one still in its
     * grace), or empty when nothing matches or the Digest is not Base64.
     */
    public static Optional<Match> verify(List<String> secrets, String timestamp, String signedFields, String digest,
            List<SignedSource> sources) {
        Optional<byte[]> presented = decode(digest);
        if (presented.isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> nameVariants = nameVariants(signedFields);
        for (int s = 0; s < secrets.size(); s++) {
            Mac mac = mac(secrets.get(s));
            for (SignedSource source : sources) {
                for (List<String> names : nameVariants) {
                    for (SigningProfile profile : SigningProfile.values()) {
                        Optional<String> signing = signingString(timestamp, names, source, profile);
                        if (signing.isPresent() && MessageDigest.isEqual(
                                mac.doFinal(signing.get().getBytes(StandardCharsets.UTF_8)), presented.get())) {
                            return Optional.of(new Match(source, profile, names, s));
                        }
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** The string this profile's client signs for these values; empty when it could not have sent them. */
    static Optional<String> signingString(String timestamp, List<String> names, SignedSource source,
            SigningProfile profile) {
        StringBuilder text = new StringBuilder("timestamp=").append(timestamp);
        try {
            for (String name : names) {
                Optional<String> rendered = source.resolve(name.strip()).map(profile::render).orElseGet(profile::absent);
                rendered.ifPresent(value -> text.append('&').append(name).append('=').append(value));
            }
        } catch (SigningProfile.Unrenderable notThisClient) {
            return Optional.empty();
        }
        return Optional.of(text.toString());
    }

    /** Computes the Digest a client would send; Malipo's own callbacks are signed the same way. */
    public static String sign(String secret, String signingString) {
        return Hmac.base64(secret, signingString);
    }

    /**
     * The names as listed, in two readings: tokens trimmed (the usual case) and tokens as sent
     * (clients that copied "fromdate, todate" sign " todate" with its space). A leading
     * "timestamp" token, which some clients add, is dropped: the timestamp is always the prefix.
     */
    private static List<List<String>> nameVariants(String signedFields) {
        List<String> raw = new ArrayList<>(Arrays.asList((signedFields == null ? "" : signedFields).split(",", -1)));
        if (!raw.isEmpty() && raw.get(0).strip().equalsIgnoreCase("timestamp")) {
            raw.remove(0);
        }
        List<String> trimmed = raw.stream().map(String::strip).filter(n -> !n.isEmpty()).toList();
        List<String> verbatim = raw.stream().filter(n -> !n.isBlank()).toList();
        return trimmed.equals(verbatim) ? List.of(trimmed) : List.of(trimmed, verbatim);
    }

    private static Optional<byte[]> decode(String digest) {
        if (digest == null || digest.isBlank()) {
            return Optional.empty();
        }
        String compact = digest.strip();
        try {
            return Optional.of(Base64.getDecoder().decode(compact));
        } catch (IllegalArgumentException notStandard) {
            try {
                return Optional.of(Base64.getUrlDecoder().decode(compact));
            } catch (IllegalArgumentException notBase64) {
                return Optional.empty();
            }
        }
    }

    private static Mac mac(String secret) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is unavailable in this JVM", e);
        }
    }
}
