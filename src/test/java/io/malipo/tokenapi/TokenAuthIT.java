package io.malipo.tokenapi;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.MACSigner;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import io.malipo.testsupport.ApiMerchant;
import io.malipo.testsupport.Http;
import io.malipo.testsupport.Http.Response;
import io.malipo.testsupport.PostgresIT;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The token endpoint, access tokens and the bearer checks every other operation makes. */
class TokenAuthIT extends PostgresIT {

    private ApiMerchant shop;

    @BeforeEach
    void shop() {
        shop = ApiMerchant.create(http, admin);
    }

    @Test
    void aTokenWithoutScopeHasEveryScopeOfTheKeyLasts300SecondsAndIsNotCached() {
        Response answer = shop.tokenResponse(null);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("token_type").asText()).isEqualTo("Bearer");
        assertThat(answer.json().get("expires_in").asInt()).isEqualTo(300);
        assertThat(answer.json().get("scope").asText())
                .isEqualTo("payments.read payments.write payouts.write refunds.write");
        assertThat(answer.header("Cache-Control")).contains("no-store");
        assertThat(shop.api().get("/api/v1/payments").status()).isEqualTo(200);
    }

    @Test
    void aTokenAskedWithScopesHasExactlyThoseAndAScopeTheKeyLacksIsInvalidScope() throws Exception {
        Response fewer = shop.tokenResponse("payments.read");
        assertThat(fewer.json().get("scope").asText()).isEqualTo("payments.read");
        Http reader = http.bearer(fewer.json().get("access_token").asText());
        assertThat(reader.get("/api/v1/payments").status()).isEqualTo(200);
        Response refused = reader.post("/api/v1/collections", "{}");
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("code").asText()).isEqualTo("insufficient_scope");
        assertThat(refused.json().get("detail").asText()).contains("payments.write");
        assertThat(refused.header("WWW-Authenticate")).hasValueSatisfying(h -> assertThat(h)
                .contains("insufficient_scope", "payments.write"));

        shop.newKey(List.of("payments.read"), List.of());
        Response lacking = shop.tokenResponse("payments.read payouts.write");
        assertThat(lacking.status()).isEqualTo(400);
        assertThat(lacking.json().get("error").asText()).isEqualTo("invalid_scope");
        assertThat(lacking.json().get("error_description").asText()).contains("payouts.write");
        Response unknown = shop.tokenResponse("payments.fly");
        assertThat(unknown.status()).isEqualTo(400);
        assertThat(unknown.json().get("error").asText()).isEqualTo("invalid_scope");
    }

    @Test
    void theTokenEndpointAnswersRfc6749ErrorsForBadRequests() {
        Response noGrant = http.post("/api/v1/oauth/token", "", "X-Api-Key", shop.key);
        assertThat(noGrant.status()).isEqualTo(400);
        assertThat(noGrant.json().get("error").asText()).isEqualTo("invalid_request");
        assertThat(noGrant.header("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));

        Response otherGrant = http.post("/api/v1/oauth/token", "grant_type=password", "X-Api-Key", shop.key);
        assertThat(otherGrant.status()).isEqualTo(400);
        assertThat(otherGrant.json().get("error").asText()).isEqualTo("unsupported_grant_type");

        Response twice = http.post("/api/v1/oauth/token", "grant_type=client_credentials&grant_type=client_credentials",
                "X-Api-Key", shop.key);
        assertThat(twice.json().get("error").asText()).isEqualTo("invalid_request");
    }

    @Test
    void aKeyThatIsWrongRevokedExpiredOrLiveBeforeVerificationIsInvalidClient() {
        assertInvalidClient(http.post("/api/v1/oauth/token", "grant_type=client_credentials"));
        assertInvalidClient(http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key", "nonsense"));
        String wrongSecret = shop.key.substring(0, shop.key.length() - 4) + "AAAA";
        assertInvalidClient(http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key", wrongSecret));

        admin.post("/admin/v1/api-keys/" + shop.keyId + "/revoke", "");
        assertInvalidClient(shop.tokenResponse(null));

        shop.newKey(List.of("payments.read"), List.of());
        clock.advance(Duration.ofDays(400));
        jdbc.update("UPDATE api_key SET expires_at = now() + interval '1 day' WHERE id = CAST(? AS UUID)", shop.keyId);
        assertInvalidClient(shop.tokenResponse(null));
        clock.reset();

        ApiMerchant unverified = ApiMerchant.create(http, admin, true, false, List.of("payments.read"), List.of());
        assertInvalidClient(unverified.tokenResponse(null));
        admin.post("/admin/v1/merchants/" + unverified.id + "/verify", "");
        assertThat(unverified.tokenResponse(null).status()).isEqualTo(200);
    }

    @Test
    void duringARotationsGraceTheOldKeyStillGetsTokensAndAfterItNot() {
        String old = shop.key;
        Response rotated = admin.post("/admin/v1/api-keys/" + shop.keyId + "/rotate", "{\"grace_minutes\": 30}");
        String fresh = rotated.json().get("key").asText();

        assertThat(token(old).status()).isEqualTo(200);
        assertThat(token(fresh).status()).isEqualTo(200);

        clock.advance(Duration.ofMinutes(31));
        assertInvalidClient(token(old));
        assertThat(token(fresh).status()).isEqualTo(200);
    }

    @Test
    void gettingTokensIsRateLimitedPerKeyWithRetryAfter() {
        // malipo.token-api.tokens-per-minute is 20 in the tests.
        for (int i = 0; i < 20; i++) {
            assertThat(shop.tokenResponse(null).status()).isEqualTo(200);
        }
        Response limited = shop.tokenResponse(null);
        assertThat(limited.status()).isEqualTo(429);
        assertThat(limited.json().get("error").asText()).isEqualTo("rate_limited");
        assertThat(Integer.parseInt(limited.header("Retry-After").orElseThrow())).isBetween(1, 60);

        ApiMerchant other = ApiMerchant.create(http, admin);
        assertThat(other.tokenResponse(null).status()).isEqualTo(200);
    }

    @Test
    void requestsArrivingTogetherGetExactlyTheLimitOfTokens() throws Exception {
        // Concurrent requests for one key share its row: none may slip past the count, and the very
        // first requests of a key (no row yet) arriving together are answered like any others.
        ExecutorService callers = Executors.newFixedThreadPool(16);
        try {
            for (int round = 0; round < 3; round++) {
                shop.newKey(ApiMerchant.ALL_SCOPES, List.of());
                CountDownLatch together = new CountDownLatch(1);
                List<Future<Integer>> answers = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    answers.add(callers.submit(() -> {
                        together.await();
                        return shop.tokenResponse(null).status();
                    }));
                }
                together.countDown();
                List<Integer> statuses = new ArrayList<>();
                for (Future<Integer> answer : answers) {
                    statuses.add(answer.get(30, TimeUnit.SECONDS));
                }
                assertThat(statuses).filteredOn(s -> s == 200).hasSize(20);
                assertThat(statuses).filteredOn(s -> s == 429).hasSize(20);
            }
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void missingMalformedForgedUnsignedAndExpiredTokensAre401WithABearerChallenge() throws Exception {
        String token = shop.token();
        String[] parts = token.split("\\.");
        String noneHeader = b64("{\"alg\":\"none\",\"typ\":\"at+jwt\"}");
        String tamperedPayload = b64(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace("\"livemode\":false", "\"livemode\":true"));

        assertUnauthorized(http.get("/api/v1/payments"));
        assertUnauthorized(http.get("/api/v1/payments", "Authorization", "Basic " + token));
        assertUnauthorized(http.bearer("not-a-token").get("/api/v1/payments"));
        assertUnauthorized(http.bearer(noneHeader + "." + parts[1] + ".").get("/api/v1/payments"));
        assertUnauthorized(http.bearer(parts[0] + "." + tamperedPayload + "." + parts[2]).get("/api/v1/payments"));
        assertUnauthorized(http.bearer(hmacSignedWithThePublicKey(parts[1])).get("/api/v1/payments"));

        clock.advance(Duration.ofSeconds(301));
        assertUnauthorized(http.bearer(token).get("/api/v1/payments"));
        clock.reset();
        assertThat(http.bearer(token).get("/api/v1/payments").status()).isEqualTo(200);
    }

    @Test
    void revokingAKeyStopsItsTokensOnTheVeryNextRequest() {
        Http api = shop.api();
        assertThat(api.get("/api/v1/balance").status()).isEqualTo(200);

        admin.post("/admin/v1/api-keys/" + shop.keyId + "/revoke", "");

        Response refused = api.get("/api/v1/balance");
        assertThat(refused.status()).isEqualTo(401);
        assertThat(refused.json().get("code").asText()).isEqualTo("invalid_token");
    }

    @Test
    void anAllowListAdmitsOnlyItsAddressesForTokensAndForCalls() {
        ApiMerchant fenced = ApiMerchant.create(http, admin, false, true, ApiMerchant.ALL_SCOPES, List.of("127.0.0.1"));
        String token = fenced.token();

        Response tokenFromOutside = http.from("127.0.0.2", "POST", "/api/v1/oauth/token",
                "grant_type=client_credentials", "X-Api-Key", fenced.key,
                "Content-Type", "application/x-www-form-urlencoded");
        assertThat(tokenFromOutside.status()).isEqualTo(401);
        assertThat(tokenFromOutside.json().get("error").asText()).isEqualTo("invalid_client");

        Response callFromOutside = http.from("127.0.0.2", "GET", "/api/v1/balance", null,
                "Authorization", "Bearer " + token);
        assertThat(callFromOutside.status()).isEqualTo(403);
        assertThat(callFromOutside.json().get("code").asText()).isEqualTo("ip_not_allowed");

        Response callFromInside = http.from("127.0.0.1", "GET", "/api/v1/balance", null,
                "Authorization", "Bearer " + token);
        assertThat(callFromInside.status()).isEqualTo(200);

        // A forwarded header counts only from a trusted proxy, and none is configured.
        Response forged = http.from("127.0.0.2", "GET", "/api/v1/balance", null, "Authorization", "Bearer " + token,
                "X-Forwarded-For", "127.0.0.1");
        assertThat(forged.status()).isEqualTo(403);
    }

    @Test
    void tokensVerifyWithThePublishedKeysByTheirKid() throws Exception {
        SignedJWT token = SignedJWT.parse(shop.token());
        Response jwks = http.get("/api/v1/.well-known/jwks.json");

        assertThat(jwks.status()).isEqualTo(200);
        assertThat(jwks.body()).doesNotContain("\"d\"");
        ECKey key = (ECKey) JWKSet.parse(jwks.body()).getKeyByKeyId(token.getHeader().getKeyID());
        assertThat(key).isNotNull();
        assertThat(token.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
        assertThat(token.verify(new ECDSAVerifier(key))).isTrue();
        assertThat(token.getJWTClaimsSet().getStringClaim("merchant_id")).isEqualTo(shop.id);
    }

    private Response token(String key) {
        return http.post("/api/v1/oauth/token", "grant_type=client_credentials", "X-Api-Key", key);
    }

    /** The classic confusion attack: HS256 with the public key as the HMAC secret. */
    private String hmacSignedWithThePublicKey(String payload) throws Exception {
        String publicJwk = JWKSet.parse(http.get("/api/v1/.well-known/jwks.json").body()).getKeys().get(0).toJSONString();
        SignedJWT forged = new SignedJWT(new JWSHeader(JWSAlgorithm.HS256),
                JWTClaimsSet.parse(new String(Base64.getUrlDecoder().decode(payload), StandardCharsets.UTF_8)));
        forged.sign(new MACSigner(publicJwk.getBytes(StandardCharsets.UTF_8)));
        return forged.serialize();
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }

    private static void assertInvalidClient(Response answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(401);
        JsonNode body = answer.json();
        assertThat(body.get("error").asText()).isEqualTo("invalid_client");
        assertThat(body.get("error_description").asText()).isNotBlank();
        assertThat(answer.header("WWW-Authenticate")).isPresent();
    }

    private static void assertUnauthorized(Response answer) {
        assertThat(answer.status()).as(answer.body()).isEqualTo(401);
        assertThat(answer.header("WWW-Authenticate")).hasValueSatisfying(h -> assertThat(h).startsWith("Bearer"));
        assertThat(answer.header("Content-Type")).hasValueSatisfying(t -> assertThat(t)
                .startsWith("application/problem+json"));
    }
}
