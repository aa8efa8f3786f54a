package io.malipo.checkout;

import io.malipo.common.Hmac;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;
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

    /** The most names Signed-Fields may list: create-order with billing and shipping signs about 45. */
    public static final int MAX_NAMES = 100;
    /** Beyond this a signing string belongs to no request the body cap lets in: that reading is not tried. */
    static final int MAX_SIGNING_CHARS = 256 * 1024;
    /** Field names as clients send them: letters, digits, _ - . (dotted nested names) and [] (PHP arrays). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.\\-\\[\\]]{1,64}");

    /** One way the client may have built its signing string. */
    record Candidate(SignedSource source, SigningProfile profile, List<String> names, String signingString) {
    }

    /**
     * Refuses a Signed-Fields header no client sends, before any signing string is built: more
     * than {@value #MAX_NAMES} names, a name twice, or a name that is not a field name.
     *
     * @return what is wrong, for the client; empty when the header is acceptable
     */
    public static Optional<String> problem(String signedFields) {
        List<String> names = trimmedNames(signedFields);
        if (names.size() > MAX_NAMES) {
            return Optional.of("Signed-Fields lists " + names.size() + " names; at most " + MAX_NAMES
                    + " are accepted. List each field you sign once.");
        }
        Set<String> seen = new HashSet<>();
        for (String name : names) {
            if (!NAME.matcher(name).matches()) {
                return Optional.of("Signed-Fields holds '" + (name.length() > 40 ? name.substring(0, 40) + "…" : name)
                        + "', which is not a field name (letters, digits, _ - . [] and at most 64 characters).");
            }
            if (!seen.add(name)) {
                return Optional.of("Signed-Fields lists " + name + " more than once; list each field you sign once.");
            }
        }
        return Optional.empty();
    }

    /**
     * The first match over the given secrets (current first, then a replaced one still in its
     * grace), or empty when nothing matches or the Digest is not Base64. The caller has checked
     * the names with {@link #problem}: each value is then rendered at most once per profile and
     * source, each signing string is built once and hashed once per secret, and none grows past
     * {@value #MAX_SIGNING_CHARS} characters, so the work is bounded by the request's size.
     */
    public static Optional<Match> verify(List<String> secrets, String timestamp, String signedFields, String digest,
            List<SignedSource> sources) {
        Optional<byte[]> presented = decode(digest);
        if (presented.isEmpty() || problem(signedFields).isPresent()) {
            return Optional.empty();
        }
        List<Mac> macs = secrets.stream().map(DigestVerifier::mac).toList();
        Match[] found = new Match[1];
        candidates(timestamp, signedFields, sources, candidate -> {
            byte[] signing = candidate.signingString().getBytes(StandardCharsets.UTF_8);
            for (int s = 0; s < macs.size(); s++) {
                if (MessageDigest.isEqual(macs.get(s).doFinal(signing), presented.get())) {
                    found[0] = new Match(candidate.source(), candidate.profile(), candidate.names(), s);
                    return true;
                }
            }
            return false;
        });
        return Optional.ofNullable(found[0]);
    }

    /**
     * Offers each candidate signing string in turn, until {@code stop} says so: per profile and
     * source, each named value rendered once and shared by both readings of the names.
     */
    static void candidates(String timestamp, String signedFields, List<SignedSource> sources,
            Predicate<Candidate> stop) {
        List<List<String>> nameVariants = nameVariants(signedFields);
        for (SignedSource source : sources) {
            for (SigningProfile profile : SigningProfile.values()) {
                Map<String, Optional<String>> rendered = new HashMap<>();
                for (List<String> names : nameVariants) {
                    Optional<String> signing = signingString(timestamp, names, source, profile, rendered);
                    if (signing.isPresent() && stop.test(new Candidate(source, profile, names, signing.get()))) {
                        return;
                    }
                }
            }
        }
    }

    /** The string this profile's client signs for these values; empty when it could not have sent them. */
    static Optional<String> signingString(String timestamp, List<String> names, SignedSource source,
            SigningProfile profile) {
        return signingString(timestamp, names, source, profile, new HashMap<>());
    }

    private static Optional<String> signingString(String timestamp, List<String> names, SignedSource source,
            SigningProfile profile, Map<String, Optional<String>> rendered) {
        StringBuilder text = new StringBuilder("timestamp=").append(timestamp);
        try {
            for (String name : names) {
                Optional<String> value = rendered.computeIfAbsent(name.strip(),
                        n -> source.resolve(n).map(profile::render).orElseGet(profile::absent));
                if (value.isPresent()) {
                    text.append('&').append(name).append('=').append(value.get());
                    if (text.length() > MAX_SIGNING_CHARS) {
                        return Optional.empty();
                    }
                }
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
        List<String> raw = rawNames(signedFields);
        List<String> trimmed = raw.stream().map(String::strip).filter(n -> !n.isEmpty()).toList();
        List<String> verbatim = raw.stream().filter(n -> !n.isBlank()).toList();
        return trimmed.equals(verbatim) ? List.of(trimmed) : List.of(trimmed, verbatim);
    }

    private static List<String> trimmedNames(String signedFields) {
        return rawNames(signedFields).stream().map(String::strip).filter(n -> !n.isEmpty()).toList();
    }

    private static List<String> rawNames(String signedFields) {
        List<String> raw = new ArrayList<>(Arrays.asList((signedFields == null ? "" : signedFields).split(",", -1)));
        if (!raw.isEmpty() && raw.get(0).strip().equalsIgnoreCase("timestamp")) {
            raw.remove(0);
        }
        return raw;
    }

    /** The Digest's bytes, from standard or URL-safe Base64; empty when it is neither. */
    static Optional<byte[]> decode(String digest) {
        if (digest == null || digest.isBlank()) {
            return Optional.empty();
        }
        String compact = digest.strip();
        if (compact.length() > 128) {
            // An HMAC-SHA256 is 44 characters in Base64; nothing this long is one.
            return Optional.empty();
        }
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
