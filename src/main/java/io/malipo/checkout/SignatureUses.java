package io.malipo.checkout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.malipo.common.Database;
import io.malipo.common.GroupCommit;
import io.malipo.common.SqlFiles;
import io.malipo.common.Times;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.stereotype.Component;

/**
 * Which operation each signature is good for. The checkout Digest covers fields, not the method
 * or path, so the headers of {@code order-status?order_id=X} would also verify on
 * {@code cancel-order?order_id=X}: the first operation a (credential, Timestamp, Digest) is
 * presented to binds it, in the database so every instance agrees, and Malipo binds its own
 * callback signatures to {@value #CALLBACK} as it makes them.
 */
@Component
public class SignatureUses {

    public static final String CALLBACK = "CALLBACK";

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final ObjectMapper json;
    private final boolean postgres;
    /** Malipo's own callback signatures, bound in groups on PostgreSQL. */
    private final GroupCommit<Map<String, String>> callbacks = new GroupCommit<>(this::bindCallbacks);

    public SignatureUses(NamedParameterJdbcTemplate jdbc, Clock clock, ObjectMapper json, Database database) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.json = json;
        this.postgres = database.isPostgres();
    }

    /**
     * Binds a signature Malipo made for a callback to {@value #CALLBACK}, and returns once it is
     * committed. Callbacks are signed on several threads at once, each just before it is sent: on
     * PostgreSQL the signatures that arrive while a batch is being written go together in the next
     * (one statement, one commit, instead of one each); a caller returns when its own batch has
     * committed, and throws if that batch failed, so no callback leaves unbound.
     */
    public void bindCallback(UUID credentialId, String timestamp, String digest) {
        if (!postgres) {
            bind(credentialId, timestamp, digest, CALLBACK);
            return;
        }
        callbacks.write(Map.of("credential_id", credentialId.toString(), "signature", hash(timestamp, digest)));
    }

    private void bindCallbacks(List<Map<String, String>> uses) {
        try {
            jdbc.update(SqlFiles.load("checkout/insert-signature-uses-callback.sql"), Map.of("now", Times.now(clock),
                    "uses", json.writeValueAsString(uses)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("callback signatures as JSON", e);
        }
    }

    /** Binds the signature to the operation if it is new; answers the operation it is bound to. */
    public String bind(UUID credentialId, String timestamp, String digest, String operation) {
        Map<String, Object> use = new LinkedHashMap<>();
        use.put("credentialId", credentialId);
        use.put("signature", hash(timestamp, digest));
        use.put("operation", operation);
        use.put("now", Times.now(clock));
        if (jdbc.update(SqlFiles.load("checkout/insert-signature-use.sql"), use) == 1) {
            return operation;
        }
        List<String> bound = jdbc.queryForList(SqlFiles.load("checkout/select-signature-use.sql"), use, String.class);
        return bound.isEmpty() ? operation : bound.get(0);
    }

    /** Only a hash is kept: a stored Digest could otherwise be presented by someone who reads the table. */
    static String hash(String timestamp, String digest) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(String.valueOf(timestamp).getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            // The Digest's bytes, not its text: the same HMAC written in URL-safe Base64 is the same signature.
            sha.update(DigestVerifier.decode(digest).orElseGet(() -> String.valueOf(digest).getBytes(
                    StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable in this JVM", e);
        }
    }
}
