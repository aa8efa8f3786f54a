package io.malipo.tokenapi;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import io.malipo.common.RandomTokens;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import io.malipo.common.Times;
import io.malipo.merchant.SecretBox;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * The ES256 keys that sign access tokens, shared by every instance through the database: the
 * first instance to start makes one, every instance signs with the newest and verifies with any
 * listed. A token naming a key this instance has not seen yet (made by another instance a moment
 * ago) makes it read the table again, at most once a second.
 */
@Component
public class SigningKeys {

    private static final long RELOAD_AT_MOST_EVERY_NANOS = 1_000_000_000L;

    private final NamedParameterJdbcTemplate jdbc;
    private final SecretBox secrets;
    private final Clock clock;
    private final AtomicReference<List<ECKey>> keys = new AtomicReference<>(List.of());
    private final AtomicLong lastLoad = new AtomicLong(System.nanoTime() - RELOAD_AT_MOST_EVERY_NANOS);

    public SigningKeys(NamedParameterJdbcTemplate jdbc, SecretBox secrets, Clock clock) {
        this.jdbc = jdbc;
        this.secrets = secrets;
        this.clock = clock;
    }

    /** The key new tokens are signed with; made on first use when there is none yet. */
    public ECKey current() {
        List<ECKey> known = keys.get();
        if (known.isEmpty()) {
            known = load();
            if (known.isEmpty()) {
                create();
                known = load();
            }
        }
        return known.get(0);
    }

    /** The public key with this id, if any instance made it. */
    public Optional<ECKey> verifying(String kid) {
        Optional<ECKey> found = find(keys.get(), kid);
        if (found.isPresent() || kid == null) {
            return found;
        }
        long last = lastLoad.get();
        if (System.nanoTime() - last >= RELOAD_AT_MOST_EVERY_NANOS && lastLoad.compareAndSet(last, System.nanoTime())) {
            return find(load(), kid);
        }
        return Optional.empty();
    }

    /** The public keys, as published at the JWKS endpoint. */
    public Map<String, Object> publicSet() {
        current();
        return new JWKSet(keys.get().stream().map(k -> (com.nimbusds.jose.jwk.JWK) k.toPublicJWK()).toList())
                .toJSONObject(true);
    }

    private static Optional<ECKey> find(List<ECKey> in, String kid) {
        return in.stream().filter(k -> k.getKeyID().equals(kid)).findFirst();
    }

    private List<ECKey> load() {
        List<ECKey> loaded = jdbc.queryForList(SqlFiles.load("tokenapi/select-signing-keys.sql"), Map.of()).stream()
                .map(this::open)
                .toList();
        keys.set(loaded);
        lastLoad.set(System.nanoTime());
        return loaded;
    }

    private ECKey open(Map<String, Object> row) {
        String kid = Rows.string(row, "kid");
        try {
            return ECKey.parse(secrets.open(owner(kid), Rows.string(row, "private_key_sealed")));
        } catch (ParseException e) {
            throw new IllegalStateException("signing key " + kid + " is stored in an unreadable form", e);
        }
    }

    private void create() {
        String kid = "mk" + RandomTokens.base62(14);
        ECKey key;
        try {
            key = new ECKeyGenerator(Curve.P_256).keyID(kid).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
                    .generate();
        } catch (JOSEException e) {
            throw new IllegalStateException("cannot generate an ES256 key in this JVM", e);
        }
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("kid", kid);
        row.put("privateKeySealed", secrets.seal(owner(kid), key.toJSONString()));
        row.put("publicJwk", key.toPublicJWK().toJSONString());
        row.put("createdAt", Times.now(clock));
        jdbc.update(SqlFiles.load("tokenapi/insert-signing-key.sql"), row);
    }

    /** Binds a sealed key to its id: a ciphertext moved onto another row does not open. */
    /** Whose the sealed private key is, for the secret box: bound to its kid. */
    public static UUID owner(String kid) {
        return UUID.nameUUIDFromBytes(("token-signing-key:" + kid).getBytes(StandardCharsets.UTF_8));
    }
}
