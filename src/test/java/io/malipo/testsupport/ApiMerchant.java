package io.malipo.testsupport;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.malipo.testsupport.Http.Response;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A merchant of the token API in tests: onboarded through the admin API with one API key, able
 * to get access tokens and to call the API with them.
 */
public final class ApiMerchant {

    public static final List<String> ALL_SCOPES =
            List.of("payments.read", "payments.write", "payouts.write", "refunds.write");

    private final Http http;
    private final Http admin;
    public final String id;
    public final boolean livemode;
    public String keyId;
    public String key;

    private ApiMerchant(Http http, Http admin, String id, boolean livemode) {
        this.http = http;
        this.admin = admin;
        this.id = id;
        this.livemode = livemode;
    }

    /** A verified merchant with a test-mode key holding every scope. */
    public static ApiMerchant create(Http http, Http admin) {
        return create(http, admin, false, true, ALL_SCOPES, List.of());
    }

    public static ApiMerchant create(Http http, Http admin, boolean livemode, boolean verified, List<String> scopes,
            List<String> allowedIps) {
        Response created = admin.post("/admin/v1/merchants", "{\"name\": \"Duka la API\", \"email\": \"api@duka.co.tz\"}");
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        ApiMerchant merchant = new ApiMerchant(http, admin, created.json().get("id").asText(), livemode);
        if (verified) {
            assertThat(admin.post("/admin/v1/merchants/" + merchant.id + "/verify", "").status()).isEqualTo(200);
        }
        merchant.newKey(scopes, allowedIps);
        return merchant;
    }

    /** A merchant made elsewhere (a checkout merchant, say), given a test-mode key holding every scope. */
    public static ApiMerchant of(Http http, Http admin, String merchantId) {
        return new ApiMerchant(http, admin, merchantId, false).newKey(ALL_SCOPES, List.of());
    }

    /** Issues another key to this merchant and makes it the one used from now on. */
    public ApiMerchant newKey(List<String> scopes, List<String> allowedIps) {
        Response issued = admin.post("/admin/v1/merchants/" + id + "/api-keys", "{\"name\": \"test key\", \"livemode\": "
                + livemode + ", \"scopes\": " + jsonList(scopes) + ", \"allowed_ips\": " + jsonList(allowedIps) + "}");
        assertThat(issued.status()).as(issued.body()).isEqualTo(201);
        keyId = issued.json().get("id").asText();
        key = issued.json().get("key").asText();
        return this;
    }

    /** The token endpoint's answer for this merchant's key, with an optional scope parameter. */
    public Response tokenResponse(String scope) {
        return http.post("/api/v1/oauth/token", "grant_type=client_credentials" + (scope == null ? "" : "&scope="
                + scope.replace(" ", "+")), "X-Api-Key", key, "Content-Type", "application/x-www-form-urlencoded");
    }

    public String token(String... scopes) {
        Response answer = tokenResponse(scopes.length == 0 ? null : String.join(" ", scopes));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json().get("access_token").asText();
    }

    /** A client calling the token API with a fresh token of the key's scopes (or those given). */
    public Http api(String... scopes) {
        return http.bearer(token(scopes));
    }

    public JsonNode get(String path) {
        Response answer = api().get(path);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }

    /** Waits until the resource at path (a payment, payout or reversal) has the status; answers it then. */
    public static JsonNode awaitStatus(Http api, String path, String status) {
        Await.until(path + " to be " + status, () -> status.equals(api.get(path).json().get("status").asText()));
        return api.get(path).json();
    }

    private static String jsonList(List<String> items) {
        return items.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(", ", "[", "]"));
    }
}
