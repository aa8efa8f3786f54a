package io.malipo.tokenapi;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.malipo.common.MalipoProperties;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Provider;
import java.security.interfaces.ECPublicKey;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.bouncycastle.jcajce.provider.asymmetric.ec.KeyFactorySpi;
import org.bouncycastle.jcajce.provider.asymmetric.ec.SignatureSpi;
import org.springframework.stereotype.Component;

/**
 * Access tokens of the token API: JWTs signed with ES256 by {@link SigningKeys}, lasting 300 s,
 * naming the API key, its merchant, its mode and the scopes granted. Verification accepts
 * exactly ES256 with a known key id: {@code alg: none}, HMAC algorithms (the public key used as
 * an HMAC secret) and unknown keys are all refused the same way.
 */
@Component
public class AccessTokens {

    /**
     * Bouncy Castle's ECDSA, for signing and verifying: it multiplies the curve's base point from a
     * precomputed table, and on Java 17 signs P-256 in about a sixth of the time of the JDK's own
     * (about 100 against 650 µs, and 115 against 1,300 µs to verify). Only the two services tokens
     * use are registered: Bouncy Castle's whole provider registers every algorithm it has, which
     * loaded about 470 classes more than these two need while Malipo started (from a signed jar,
     * which the start-up archive cannot hold), about 4 % of the main thread's start.
     */
    private static final Provider EC_PROVIDER = new EcdsaProvider();

    /**
     * Signers and verifiers by key id, holding the key as Bouncy Castle's own: a JDK key is
     * converted on every use, with a fresh base point whose table is computed again each time,
     * which made signing three times slower (about 235 against 75 µs per token here).
     */
    private final Cache<String, ECDSASigner> signers = Caffeine.newBuilder().maximumSize(16).build();
    private final Cache<String, ECDSAVerifier> verifiers = Caffeine.newBuilder().maximumSize(16).build();

    /**
     * Tokens whose signature was checked, with their claims: a client presents the same token on
     * every call for five minutes, and checking an ECDSA signature costs more than the rest of a
     * read. Whether its key may still be used is checked on every call all the same (BearerAuth).
     */
    private final Cache<String, Claims> verified = Caffeine.newBuilder().maximumSize(10_000)
            .expireAfterWrite(LIFETIME).build();

    public static final Duration LIFETIME = Duration.ofSeconds(300);
    static final String AUDIENCE = "malipo-api";
    private static final JOSEObjectType TYPE = new JOSEObjectType("at+jwt");

    private final SigningKeys keys;
    private final Clock clock;
    private final String issuer;

    public AccessTokens(SigningKeys keys, Clock clock, MalipoProperties properties) {
        this.keys = keys;
        this.clock = clock;
        this.issuer = properties.publicUrl();
    }

    /** What a valid token says about its bearer. */
    public record Claims(UUID apiKeyId, UUID merchantId, boolean livemode, List<String> scopes, Instant issuedAt,
            Instant expiresAt) {
    }

    public String issue(UUID apiKeyId, UUID merchantId, boolean livemode, List<String> scopes) {
        ECKey key = keys.current();
        Instant now = clock.instant();
        JWTClaimsSet claims = new JWTClaimsSet.Builder()
                .issuer(issuer)
                .audience(AUDIENCE)
                .subject(apiKeyId.toString())
                .claim("merchant_id", merchantId.toString())
                .claim("livemode", livemode)
                .claim("scope", String.join(" ", scopes))
                .jwtID(UUID.randomUUID().toString())
                .issueTime(Date.from(now))
                .expirationTime(Date.from(now.plus(LIFETIME)))
                .build();
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.ES256).keyID(key.getKeyID()).type(TYPE).build(),
                claims);
        try {
            jwt.sign(signers.get(key.getKeyID(), kid -> signer(key)));
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot sign an access token", e);
        }
        return jwt.serialize();
    }

    /** The token's claims, or empty when it is not a token this service issued and still valid. */
    public Optional<Claims> verify(String token) {
        Claims known = verified.getIfPresent(token);
        if (known != null) {
            Instant now = clock.instant();
            return now.isBefore(known.expiresAt()) && !known.issuedAt().isAfter(now.plusSeconds(60))
                    ? Optional.of(known) : Optional.empty();
        }
        Optional<Claims> claims = verifyAfresh(token);
        claims.ifPresent(c -> verified.put(token, c));
        return claims;
    }

    private Optional<Claims> verifyAfresh(String token) {
        try {
            SignedJWT jwt = SignedJWT.parse(token);
            JWSHeader header = jwt.getHeader();
            if (!JWSAlgorithm.ES256.equals(header.getAlgorithm())) {
                return Optional.empty();
            }
            Optional<ECKey> key = keys.verifying(header.getKeyID());
            if (key.isEmpty()) {
                return Optional.empty();
            }
            if (!jwt.verify(verifiers.get(header.getKeyID(), kid -> verifier(key.get())))) {
                return Optional.empty();
            }
            JWTClaimsSet claims = jwt.getJWTClaimsSet();
            Instant now = clock.instant();
            if (claims.getExpirationTime() == null || !now.isBefore(claims.getExpirationTime().toInstant())
                    || claims.getIssueTime() == null || claims.getIssueTime().toInstant().isAfter(now.plusSeconds(60))
                    || !issuer.equals(claims.getIssuer()) || !claims.getAudience().contains(AUDIENCE)) {
                return Optional.empty();
            }
            String scope = claims.getStringClaim("scope");
            Boolean livemode = claims.getBooleanClaim("livemode");
            if (scope == null || livemode == null) {
                return Optional.empty();
            }
            return Optional.of(new Claims(UUID.fromString(claims.getSubject()),
                    UUID.fromString(claims.getStringClaim("merchant_id")), livemode,
                    scope.isBlank() ? List.of() : List.of(scope.split(" ")), claims.getIssueTime().toInstant(),
                    claims.getExpirationTime().toInstant()));
        } catch (ParseException | JOSEException | IllegalArgumentException | NullPointerException e) {
            return Optional.empty();
        }
    }

    private static ECDSASigner signer(ECKey key) {
        try {
            ECDSASigner signer = new ECDSASigner((PrivateKey) KeyFactory.getInstance("EC", EC_PROVIDER)
                    .translateKey(key.toECPrivateKey()), Curve.P_256);
            signer.getJCAContext().setProvider(EC_PROVIDER);
            return signer;
        } catch (JOSEException | GeneralSecurityException e) {
            throw new IllegalStateException("signing key " + key.getKeyID() + " cannot be used", e);
        }
    }

    private static ECDSAVerifier verifier(ECKey key) {
        try {
            ECDSAVerifier verifier = new ECDSAVerifier((ECPublicKey) KeyFactory.getInstance("EC", EC_PROVIDER)
                    .translateKey(key.toECPublicKey()));
            verifier.getJCAContext().setProvider(EC_PROVIDER);
            return verifier;
        } catch (JOSEException | GeneralSecurityException e) {
            throw new IllegalStateException("signing key " + key.getKeyID() + " cannot be used", e);
        }
    }

    /** Bouncy Castle's EC key factory and SHA256withECDSA, and nothing else of it. */
    private static final class EcdsaProvider extends Provider {

        private static final long serialVersionUID = 1L;

        EcdsaProvider() {
            super("Malipo-BC-ECDSA", "1", "Bouncy Castle's EC key factory and SHA256withECDSA");
            putService(new Service(this, "KeyFactory", "EC", KeyFactorySpi.EC.class.getName(), null, null));
            putService(new Service(this, "Signature", "SHA256withECDSA", SignatureSpi.ecDSA256.class.getName(), null, null));
        }
    }
}
