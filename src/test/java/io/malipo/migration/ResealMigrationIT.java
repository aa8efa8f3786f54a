package io.malipo.migration;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.checkout.ReplayGuard;
import io.malipo.merchant.SecretBox;
import io.malipo.testsupport.LegacySeal;
import io.malipo.testsupport.PostgresIT;
import io.malipo.testsupport.TestDatabase;
import io.malipo.testsupport.TestSecrets;
import io.malipo.tokenapi.Idempotency;
import io.malipo.tokenapi.SigningKeys;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * A database written by the first versions, whose secrets were sealed under the master key
 * itself, comes out of migration 13 with every one sealed under the derived key, each still bound
 * to its owner, and nothing else changed.
 */
class ResealMigrationIT {

    private static final String MASTER_KEY = PostgresIT.MASTER_KEY;

    @Test
    void everySecretSealedUnderTheMasterKeyItselfIsResealedUnderTheDerivedKey() {
        DriverManagerDataSource data = new DriverManagerDataSource(TestDatabase.separate("reseal"),
                TestDatabase.user(), TestDatabase.password());
        Flyway.configure().dataSource(data).locations("classpath:db/migration").target("12").load().migrate();
        JdbcTemplate jdbc = new JdbcTemplate(data);
        OffsetDateTime now = OffsetDateTime.now();

        UUID merchant = UUID.randomUUID();
        jdbc.update("INSERT INTO merchant (id, vendor, name, email, status, created_at) VALUES (?, 'V1', 'Old', "
                + "'o@duka.co.tz', 'VERIFIED', ?)", merchant, now);
        UUID credential = UUID.randomUUID();
        jdbc.update("INSERT INTO checkout_credential (id, merchant_id, api_key, secret_sealed, previous_secret_sealed, "
                + "livemode, status, created_at) VALUES (?, ?, 'ck_test_old', ?, ?, false, 'ACTIVE', ?)", credential,
                merchant, LegacySeal.seal(MASTER_KEY, credential, "cs_test_now"),
                LegacySeal.seal(MASTER_KEY, credential, "cs_test_before"), now);
        UUID endpoint = UUID.randomUUID();
        jdbc.update("INSERT INTO webhook_endpoint (id, merchant_id, livemode, url, events, secret_sealed, enabled, "
                + "created_at, updated_at) VALUES (?, ?, false, 'https://duka.co.tz/hook', '*', ?, true, ?, ?)",
                endpoint, merchant, LegacySeal.seal(MASTER_KEY, endpoint, "whsec_old"), now, now);
        jdbc.update("INSERT INTO token_signing_key (kid, private_key_sealed, public_jwk, created_at) VALUES "
                + "('k1', ?, '{}', ?)", LegacySeal.seal(MASTER_KEY, SigningKeys.owner("k1"), "{\"d\": \"private\"}"),
                now);
        jdbc.update("INSERT INTO idempotency_key (merchant_id, livemode, idem_key, request_hash, response_status, "
                + "response_body, created_at) VALUES (?, false, 'idem-1', 'h', 201, ?, ?)", merchant,
                LegacySeal.seal(MASTER_KEY, Idempotency.owner(merchant, false, "idem-1"), "{\"id\": \"p1\"}"), now);
        jdbc.update("INSERT INTO checkout_replay (credential_id, fingerprint, created_at, response_status, "
                + "response_body) VALUES (?, 'f1', ?, 200, ?), (?, 'f2', ?, 200, '{\"unsealed\": 1}')", credential, now,
                LegacySeal.seal(MASTER_KEY, ReplayGuard.owner(credential, "f1"), "{\"card_token\": \"t\"}"),
                credential, now);

        SecretBox box = TestSecrets.box(MASTER_KEY);
        Flyway.configure().dataSource(data).locations("classpath:db/migration")
                .javaMigrations(new ResealUnderDerivedKeys(box)).load().migrate();

        var row = jdbc.queryForMap("SELECT * FROM checkout_credential WHERE id = ?", credential);
        assertThat(box.open(credential, (String) row.get("secret_sealed"))).isEqualTo("cs_test_now");
        assertThat(box.open(credential, (String) row.get("previous_secret_sealed"))).isEqualTo("cs_test_before");
        assertThat(box.open(endpoint, jdbc.queryForObject("SELECT secret_sealed FROM webhook_endpoint", String.class)))
                .isEqualTo("whsec_old");
        assertThat(box.open(SigningKeys.owner("k1"), jdbc.queryForObject(
                "SELECT private_key_sealed FROM token_signing_key", String.class))).isEqualTo("{\"d\": \"private\"}");
        assertThat(box.open(Idempotency.owner(merchant, false, "idem-1"), jdbc.queryForObject(
                "SELECT response_body FROM idempotency_key", String.class))).isEqualTo("{\"id\": \"p1\"}");
        assertThat(box.open(ReplayGuard.owner(credential, "f1"), jdbc.queryForObject(
                "SELECT response_body FROM checkout_replay WHERE fingerprint = 'f1'", String.class)))
                .isEqualTo("{\"card_token\": \"t\"}");
        assertThat(jdbc.queryForObject("SELECT response_body FROM checkout_replay WHERE fingerprint = 'f2'",
                String.class)).isEqualTo("{\"unsealed\": 1}");
        assertThat(jdbc.queryForObject("SELECT type || ' ' || success FROM flyway_schema_history WHERE version = '13'",
                String.class)).isEqualTo("JDBC true");
    }
}
