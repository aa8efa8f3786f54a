package io.malipo.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.merchant.ApiKeys;
import io.malipo.merchant.SecretBox;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;

class AdminApiIT extends PostgresIT {

    @Autowired
    SecretBox secretBox;

    // --- merchants

    @Test
    void createMerchantAnswers201WithVendorAndUnverifiedStatus() {
        Response created = admin.post("/admin/v1/merchants", """
                {"name": "  Duka la Mama ", "email": "payments@duka.co.tz"}""");

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        JsonNode merchant = created.json();
        assertThat(UUID.fromString(merchant.get("id").asText())).isNotNull();
        assertThat(merchant.get("vendor").asText()).matches("MLP[0-9A-HJKMNP-TV-Z]{10}");
        assertThat(merchant.get("name").asText()).isEqualTo("Duka la Mama");
        assertThat(merchant.get("status").asText()).isEqualTo("UNVERIFIED");
        assertThat(merchant.get("verified_at").isNull()).isTrue();
        assertThat(merchant.get("checkout_credentials")).isEmpty();
        assertThat(merchant.get("api_keys")).isEmpty();
        assertThat(jdbc.queryForObject("SELECT vendor FROM merchant WHERE id = ?", String.class,
                UUID.fromString(merchant.get("id").asText()))).isEqualTo(merchant.get("vendor").asText());
    }

    @Test
    void createMerchantRefusesBadFieldsNamingEachAndStoresNothing() {
        int before = merchants();

        Response refused = admin.post("/admin/v1/merchants", """
                {"name": "", "email": "someone@localhost"}""");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.header("Content-Type")).contains("application/problem+json");
        JsonNode problem = refused.json();
        assertThat(problem.get("code").asText()).isEqualTo("validation_failed");
        assertThat(problem.get("errors")).extracting(e -> e.get("field").asText()).containsExactly("email", "name");
        assertThat(problem.get("detail").asText()).contains("e-mail address").contains("must not be blank");
        assertThat(merchants()).isEqualTo(before);
    }

    @Test
    void createMerchantRefusesUnknownFieldsAndWrongTypes() {
        Response unknown = admin.post("/admin/v1/merchants", """
                {"name": "Shop", "email": "a@shop.co.tz", "status": "VERIFIED"}""");
        Response wrongType = admin.post("/admin/v1/merchants", """
                {"name": 42, "email": "a@shop.co.tz"}""");

        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().get("errors").get(0).get("field").asText()).isEqualTo("status");
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.json().get("detail").asText()).isEqualTo("name: must be a string");
    }

    @Test
    void getMerchantListsCredentialsWithoutTheirSecrets() {
        String id = newMerchant();
        Response issued = admin.post("/admin/v1/merchants/" + id + "/checkout-credentials", "{}");
        Response key = admin.post("/admin/v1/merchants/" + id + "/api-keys", """
                {"name": "shop backend", "scopes": ["payments.read"]}""");

        Response read = admin.get("/admin/v1/merchants/" + id);

        assertThat(read.status()).isEqualTo(200);
        JsonNode merchant = read.json();
        assertThat(merchant.get("checkout_credentials")).hasSize(1);
        assertThat(merchant.get("checkout_credentials").get(0).get("api_key").asText())
                .isEqualTo(issued.json().get("api_key").asText());
        assertThat(merchant.get("api_keys").get(0).get("key_prefix").asText())
                .isEqualTo(key.json().get("key_prefix").asText());
        assertThat(read.body()).doesNotContain(issued.json().get("api_secret").asText())
                .doesNotContain(key.json().get("key").asText())
                .doesNotContain("api_secret").doesNotContain("\"key\"");
    }

    @Test
    void unknownOrMalformedMerchantIdIs404() {
        Response unknown = admin.get("/admin/v1/merchants/" + UUID.randomUUID());
        Response malformed = admin.post("/admin/v1/merchants/not-a-uuid/verify", "");

        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("code").asText()).isEqualTo("not_found");
        assertThat(malformed.status()).isEqualTo(404);
        assertThat(malformed.json().get("detail").asText()).contains("no merchant with that id");
    }

    @Test
    void verifyMarksTheMerchantVerifiedOnce() {
        String id = newMerchant();

        Response first = admin.post("/admin/v1/merchants/" + id + "/verify", "");
        clock.advance(Duration.ofHours(1));
        Response again = admin.post("/admin/v1/merchants/" + id + "/verify", "");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().get("status").asText()).isEqualTo("VERIFIED");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("verified_at").asText()).isEqualTo(first.json().get("verified_at").asText());
        assertThat(admin.post("/admin/v1/merchants/" + UUID.randomUUID() + "/verify", "").status()).isEqualTo(404);
    }

    // --- checkout credentials

    @Test
    void checkoutCredentialSecretIsShownOnceAndStoredEncrypted() {
        String id = newMerchant();

        Response issued = admin.post("/admin/v1/merchants/" + id + "/checkout-credentials", """
                {"livemode": true}""");

        assertThat(issued.status()).isEqualTo(201);
        JsonNode credential = issued.json();
        assertThat(credential.get("api_key").asText()).matches("ck_live_[0-9A-Za-z]{24}");
        String secret = credential.get("api_secret").asText();
        assertThat(secret).matches("cs_live_[0-9A-Za-z]{40}");
        assertThat(credential.get("livemode").asBoolean()).isTrue();
        assertThat(credential.get("status").asText()).isEqualTo("ACTIVE");
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM checkout_credential WHERE id = ?", uuid(credential));
        assertThat(row.values()).noneMatch(v -> String.valueOf(v).contains(secret));
        assertThat(secretBox.open(uuid(credential), (String) row.get("secret_sealed"))).isEqualTo(secret);
    }

    @Test
    void checkoutCredentialsAreTestModeUnlessAskedAndRefuseBadInput() {
        String id = newMerchant();

        Response test = admin.post("/admin/v1/merchants/" + id + "/checkout-credentials", "");
        Response wrongType = admin.post("/admin/v1/merchants/" + id + "/checkout-credentials", """
                {"livemode": "yes"}""");
        Response noMerchant = admin.post("/admin/v1/merchants/" + UUID.randomUUID() + "/checkout-credentials", "{}");

        assertThat(test.status()).isEqualTo(201);
        assertThat(test.json().get("api_key").asText()).startsWith("ck_test_");
        assertThat(wrongType.status()).isEqualTo(400);
        assertThat(wrongType.json().get("detail").asText()).isEqualTo("livemode: must be true or false");
        assertThat(noMerchant.status()).isEqualTo(404);
    }

    @Test
    void rotatingACheckoutSecretKeepsTheOldOneForTheGracePeriod() {
        JsonNode credential = newCheckoutCredential();
        String oldSecret = credential.get("api_secret").asText();

        Response rotated = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", """
                {"grace_minutes": 15}""");

        assertThat(rotated.status()).isEqualTo(201);
        JsonNode answer = rotated.json();
        assertThat(answer.get("api_key").asText()).isEqualTo(credential.get("api_key").asText());
        assertThat(answer.get("api_secret").asText()).isNotEqualTo(oldSecret).startsWith("cs_test_");
        Instant rotatedAt = Instant.parse(answer.get("rotated_at").asText());
        assertThat(Instant.parse(answer.get("previous_valid_until").asText()))
                .isEqualTo(rotatedAt.plus(Duration.ofMinutes(15)));
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM checkout_credential WHERE id = ?", uuid(credential));
        assertThat(secretBox.open(uuid(credential), (String) row.get("previous_secret_sealed"))).isEqualTo(oldSecret);
        assertThat(secretBox.open(uuid(credential), (String) row.get("secret_sealed")))
                .isEqualTo(answer.get("api_secret").asText());
    }

    @Test
    void rotatingWithZeroGraceEndsTheOldSecretAtOnceAndDefaultIsSixtyMinutes() {
        JsonNode credential = newCheckoutCredential();

        JsonNode immediate = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", """
                {"grace_minutes": 0}""").json();
        JsonNode byDefault = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", "").json();

        assertThat(immediate.get("previous_valid_until").asText()).isEqualTo(immediate.get("rotated_at").asText());
        assertThat(Duration.between(Instant.parse(byDefault.get("rotated_at").asText()),
                Instant.parse(byDefault.get("previous_valid_until").asText()))).isEqualTo(Duration.ofMinutes(60));
    }

    @Test
    void rotationRefusesBadGraceRevokedCredentialsAndUnknownIds() {
        JsonNode credential = newCheckoutCredential();

        Response negative = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", """
                {"grace_minutes": -5}""");
        Response tooLong = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", """
                {"grace_minutes": 20000}""");
        Response fractional = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", """
                {"grace_minutes": 1.5}""");
        admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/revoke", "");
        Response revoked = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", "");
        Response unknown = admin.post("/admin/v1/checkout-credentials/" + UUID.randomUUID() + "/rotate", "");

        assertThat(negative.status()).isEqualTo(400);
        assertThat(negative.json().get("errors").get(0).get("field").asText()).isEqualTo("grace_minutes");
        assertThat(tooLong.status()).isEqualTo(400);
        assertThat(fractional.status()).isEqualTo(400);
        assertThat(revoked.status()).isEqualTo(409);
        assertThat(revoked.json().get("code").asText()).isEqualTo("credential_revoked");
        assertThat(unknown.status()).isEqualTo(404);
    }

    @Test
    void revokingACheckoutCredentialAlsoEndsAReplacedSecretInGrace() {
        JsonNode credential = newCheckoutCredential();
        admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/rotate", "{\"grace_minutes\": 60}");

        Response revoked = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/revoke", "");
        Response again = admin.post("/admin/v1/checkout-credentials/" + uuid(credential) + "/revoke", "");

        assertThat(revoked.status()).isEqualTo(200);
        assertThat(revoked.json().get("status").asText()).isEqualTo("REVOKED");
        assertThat(revoked.body()).doesNotContain("api_secret");
        assertThat(again.status()).isEqualTo(200);
        assertThat(again.json().get("revoked_at").asText()).isEqualTo(revoked.json().get("revoked_at").asText());
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM checkout_credential WHERE id = ?", uuid(credential));
        assertThat(row.get("previous_secret_sealed")).isNull();
        assertThat(admin.post("/admin/v1/checkout-credentials/" + UUID.randomUUID() + "/revoke", "").status())
                .isEqualTo(404);
    }

    // --- API keys

    @Test
    void apiKeyIsShownOnceAndOnlyItsHashIsStored() {
        String id = newMerchant();

        Response issued = admin.post("/admin/v1/merchants/" + id + "/api-keys", """
                {"name": "payouts worker", "livemode": true, "scopes": ["payouts.write", "payments.write"],
                 "allowed_ips": ["203.0.113.7", "198.51.100.0/24", "2001:db8::/32"],
                 "expires_at": "2031-01-01T00:00:00+03:00"}""");

        assertThat(issued.status()).isEqualTo(201);
        JsonNode key = issued.json();
        String whole = key.get("key").asText();
        assertThat(whole).matches("mk_live_[0-9A-Za-z]{12}_[0-9A-Za-z]{32}").startsWith(key.get("key_prefix").asText());
        assertThat(key.get("scopes")).extracting(JsonNode::asText).containsExactly("payouts.write", "payments.write");
        assertThat(key.get("allowed_ips")).extracting(JsonNode::asText)
                .containsExactly("203.0.113.7/32", "198.51.100.0/24", "2001:db8::/32");
        assertThat(key.get("expires_at").asText()).isEqualTo("2030-12-31T21:00:00Z");
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM api_key WHERE id = ?", uuid(key));
        assertThat(row.values()).noneMatch(v -> String.valueOf(v).contains(whole));
        assertThat(ApiKeys.matches(whole, (String) row.get("secret_hash"))).isTrue();
        assertThat(ApiKeys.parse(whole)).hasValueSatisfying(p -> assertThat(p.lookup()).isEqualTo(row.get("lookup")));
    }

    @Test
    void apiKeyRequestReportsEveryBadFieldAtOnce() {
        String id = newMerchant();
        int before = jdbc.queryForObject("SELECT count(*) FROM api_key", Integer.class);

        Response refused = admin.post("/admin/v1/merchants/" + id + "/api-keys", """
                {"name": "k", "scopes": ["payments.read", "payments.delete"],
                 "allowed_ips": ["10.1.2.3/8", "not-an-address", "10.0.0.1-10.0.0.9"],
                 "expires_at": "2020-01-01T00:00:00Z"}""");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors")).extracting(e -> e.get("field").asText())
                .containsExactly("scopes[1]", "allowed_ips[0]", "allowed_ips[1]", "allowed_ips[2]", "expires_at");
        assertThat(refused.json().get("detail").asText())
                .contains("'payments.delete' is not a scope")
                .contains("write 10.0.0.0/8 for the whole block or 10.1.2.3/32 for the single address");
        assertThat(jdbc.queryForObject("SELECT count(*) FROM api_key", Integer.class)).isEqualTo(before);
    }

    @Test
    void apiKeyNeedsANameAndAtLeastOneScope() {
        String id = newMerchant();

        Response refused = admin.post("/admin/v1/merchants/" + id + "/api-keys", """
                {"scopes": []}""");
        Response badDate = admin.post("/admin/v1/merchants/" + id + "/api-keys", """
                {"name": "k", "scopes": ["payments.read"], "expires_at": "next week"}""");

        assertThat(refused.status()).isEqualTo(400);
        assertThat(refused.json().get("errors")).extracting(e -> e.get("field").asText())
                .containsExactly("name", "scopes");
        assertThat(badDate.status()).isEqualTo(400);
        assertThat(badDate.json().get("detail").asText()).startsWith("expires_at: must be a date and time");
    }

    @Test
    void rotatingAnApiKeyGivesANewKeyAndKeepsTheOldHashForSixtyMinutesByDefault() {
        JsonNode key = newApiKey(null);
        String oldKey = key.get("key").asText();

        Response rotated = admin.post("/admin/v1/api-keys/" + uuid(key) + "/rotate", "");

        assertThat(rotated.status()).isEqualTo(201);
        JsonNode answer = rotated.json();
        String newKey = answer.get("key").asText();
        assertThat(newKey).isNotEqualTo(oldKey).startsWith(key.get("key_prefix").asText() + "_");
        assertThat(Duration.between(Instant.parse(answer.get("rotated_at").asText()),
                Instant.parse(answer.get("previous_valid_until").asText()))).isEqualTo(Duration.ofMinutes(60));
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM api_key WHERE id = ?", uuid(key));
        assertThat(ApiKeys.matches(newKey, (String) row.get("secret_hash"))).isTrue();
        assertThat(ApiKeys.matches(oldKey, (String) row.get("previous_secret_hash"))).isTrue();
    }

    @Test
    void rotatingAnApiKeyWithZeroGraceEndsTheOldKeyAtOnce() {
        JsonNode key = newApiKey(null);

        JsonNode answer = admin.post("/admin/v1/api-keys/" + uuid(key) + "/rotate", "{\"grace_minutes\": 0}").json();

        assertThat(answer.get("previous_valid_until").asText()).isEqualTo(answer.get("rotated_at").asText());
    }

    @Test
    void revokedOrExpiredApiKeysCannotBeRotated() {
        JsonNode revoked = newApiKey(null);
        admin.post("/admin/v1/api-keys/" + uuid(revoked) + "/revoke", "");
        JsonNode expiring = newApiKey(Instant.now().plus(Duration.ofHours(1)));
        clock.advance(Duration.ofHours(2));

        Response rotateRevoked = admin.post("/admin/v1/api-keys/" + uuid(revoked) + "/rotate", "");
        Response rotateExpired = admin.post("/admin/v1/api-keys/" + uuid(expiring) + "/rotate", "");

        assertThat(rotateRevoked.status()).isEqualTo(409);
        assertThat(rotateRevoked.json().get("code").asText()).isEqualTo("credential_revoked");
        assertThat(rotateExpired.status()).isEqualTo(409);
        assertThat(rotateExpired.json().get("code").asText()).isEqualTo("api_key_expired");
        assertThat(admin.post("/admin/v1/api-keys/" + UUID.randomUUID() + "/rotate", "").status()).isEqualTo(404);
    }

    @Test
    void revokingAnApiKeyIsImmediateAndForgetsTheReplacedHash() {
        JsonNode key = newApiKey(null);
        admin.post("/admin/v1/api-keys/" + uuid(key) + "/rotate", "");

        Response revoked = admin.post("/admin/v1/api-keys/" + uuid(key) + "/revoke", "");

        assertThat(revoked.status()).isEqualTo(200);
        assertThat(revoked.json().get("status").asText()).isEqualTo("REVOKED");
        assertThat(revoked.json().has("key")).isFalse();
        Map<String, Object> row = jdbc.queryForMap("SELECT * FROM api_key WHERE id = ?", uuid(key));
        assertThat(row.get("status")).isEqualTo("REVOKED");
        assertThat(row.get("previous_secret_hash")).isNull();
        assertThat(admin.post("/admin/v1/api-keys/" + UUID.randomUUID() + "/revoke", "").status()).isEqualTo(404);
    }

    // --- the admin token

    static Stream<Arguments> everyAdminOperation() {
        String id = UUID.randomUUID().toString();
        return Stream.of(
                Arguments.of("POST", "/admin/v1/merchants"),
                Arguments.of("GET", "/admin/v1/merchants/" + id),
                Arguments.of("POST", "/admin/v1/merchants/" + id + "/verify"),
                Arguments.of("POST", "/admin/v1/merchants/" + id + "/checkout-credentials"),
                Arguments.of("POST", "/admin/v1/checkout-credentials/" + id + "/rotate"),
                Arguments.of("POST", "/admin/v1/checkout-credentials/" + id + "/revoke"),
                Arguments.of("POST", "/admin/v1/merchants/" + id + "/api-keys"),
                Arguments.of("POST", "/admin/v1/api-keys/" + id + "/rotate"),
                Arguments.of("POST", "/admin/v1/api-keys/" + id + "/revoke"));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("everyAdminOperation")
    void everyAdminOperationRefusesAMissingOrWrongToken(String method, String path) {
        int before = merchants();

        Response missing = http.send(method, path, "{\"name\": \"x\", \"email\": \"x@shop.co.tz\"}");
        Response wrong = http.bearer(ADMIN_TOKEN + "x").send(method, path, "{}");
        Response basic = http.send(method, path, "{}", "Authorization", "Basic " + ADMIN_TOKEN);

        for (Response refused : new Response[] {missing, wrong, basic}) {
            assertThat(refused.status()).isEqualTo(401);
            assertThat(refused.header("WWW-Authenticate")).contains("Bearer realm=\"malipo-admin\"");
            assertThat(refused.json().get("code").asText()).isEqualTo("unauthorized");
            assertThat(refused.body()).doesNotContain(ADMIN_TOKEN);
        }
        assertThat(merchants()).isEqualTo(before);
    }

    // --- helpers

    private String newMerchant() {
        Response created = admin.post("/admin/v1/merchants", """
                {"name": "Test shop", "email": "owner@shop.co.tz"}""");
        assertThat(created.status()).isEqualTo(201);
        return created.json().get("id").asText();
    }

    private JsonNode newCheckoutCredential() {
        Response issued = admin.post("/admin/v1/merchants/" + newMerchant() + "/checkout-credentials", "{}");
        assertThat(issued.status()).isEqualTo(201);
        return issued.json();
    }

    private JsonNode newApiKey(Instant expiresAt) {
        String expiry = expiresAt == null ? "" : ", \"expires_at\": \"" + expiresAt.truncatedTo(ChronoUnit.SECONDS) + "\"";
        Response issued = admin.post("/admin/v1/merchants/" + newMerchant() + "/api-keys",
                "{\"name\": \"k\", \"scopes\": [\"payments.read\"]" + expiry + "}");
        assertThat(issued.status()).isEqualTo(201);
        return issued.json();
    }

    private int merchants() {
        return jdbc.queryForObject("SELECT count(*) FROM merchant", Integer.class);
    }

    private static UUID uuid(JsonNode resource) {
        return UUID.fromString(resource.get("id").asText());
    }
}
