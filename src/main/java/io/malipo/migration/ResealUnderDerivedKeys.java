package io.malipo.migration;

import io.malipo.checkout.ReplayGuard;
import io.malipo.common.Rows;
import io.malipo.common.SqlFiles;
import io.malipo.merchant.SecretBox;
import io.malipo.tokenapi.Idempotency;
import io.malipo.tokenapi.SigningKeys;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.Context;
import org.flywaydb.core.api.migration.JavaMigration;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.stereotype.Component;

/**
 * Migration 13: everything sealed under the master key itself (format v1.) is sealed again under
 * the key derived for the secret box (v2.), row by row, in the migration's transaction. It needs
 * the master key, so it is a Java migration that Spring Boot hands to Flyway as a bean; the SQL
 * it runs is in sql/migration/. Each sealed value keeps the owner it was bound to.
 */
@Component
public class ResealUnderDerivedKeys implements JavaMigration {

    private final SecretBox box;

    public ResealUnderDerivedKeys(SecretBox box) {
        this.box = box;
    }

    @Override
    public MigrationVersion getVersion() {
        return MigrationVersion.fromVersion("13");
    }

    @Override
    public String getDescription() {
        return "reseal secrets under derived keys";
    }

    @Override
    public Integer getChecksum() {
        return null;
    }

    @Override
    public boolean canExecuteInTransaction() {
        return true;
    }

    @Override
    public void migrate(Context context) {
        NamedParameterJdbcTemplate jdbc = new NamedParameterJdbcTemplate(
                new SingleConnectionDataSource(context.getConnection(), true));

        for (Map<String, Object> row : jdbc.queryForList(sql("select-legacy-checkout-credentials.sql"), Map.of())) {
            UUID id = Rows.uuid(row, "id");
            Map<String, Object> update = new LinkedHashMap<>();
            update.put("id", id);
            update.put("secretSealed", box.reseal(id, Rows.string(row, "secret_sealed")));
            update.put("previousSecretSealed", box.reseal(id, Rows.string(row, "previous_secret_sealed")));
            jdbc.update(sql("update-checkout-credential-sealed.sql"), update);
        }
        for (Map<String, Object> row : jdbc.queryForList(sql("select-legacy-webhook-endpoints.sql"), Map.of())) {
            UUID id = Rows.uuid(row, "id");
            jdbc.update(sql("update-webhook-endpoint-sealed.sql"), Map.of("id", id,
                    "secretSealed", box.reseal(id, Rows.string(row, "secret_sealed"))));
        }
        for (Map<String, Object> row : jdbc.queryForList(sql("select-legacy-signing-keys.sql"), Map.of())) {
            String kid = Rows.string(row, "kid");
            jdbc.update(sql("update-signing-key-sealed.sql"), Map.of("kid", kid,
                    "privateKeySealed", box.reseal(SigningKeys.owner(kid), Rows.string(row, "private_key_sealed"))));
        }
        for (Map<String, Object> row : jdbc.queryForList(sql("select-legacy-idempotency-answers.sql"), Map.of())) {
            UUID merchantId = Rows.uuid(row, "merchant_id");
            boolean livemode = Rows.bool(row, "livemode");
            String key = Rows.string(row, "idem_key");
            jdbc.update(sql("update-idempotency-answer-sealed.sql"), Map.of("merchantId", merchantId,
                    "livemode", livemode, "key", key, "responseBody",
                    box.reseal(Idempotency.owner(merchantId, livemode, key), Rows.string(row, "response_body"))));
        }
        for (Map<String, Object> row : jdbc.queryForList(sql("select-legacy-replay-answers.sql"), Map.of())) {
            UUID credentialId = Rows.uuid(row, "credential_id");
            String fingerprint = Rows.string(row, "fingerprint");
            jdbc.update(sql("update-replay-answer-sealed.sql"), Map.of("credentialId", credentialId,
                    "fingerprint", fingerprint, "responseBody",
                    box.reseal(ReplayGuard.owner(credentialId, fingerprint), Rows.string(row, "response_body"))));
        }
    }

    private static String sql(String file) {
        return SqlFiles.load("migration/" + file);
    }
}
