package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * API keys in the dashboard: an Owner creates one with a fresh code and the token API takes it,
 * revokes it and the token API refuses it; a Viewer is shown a 403 page; another merchant's key
 * cannot be touched.
 */
class DashboardKeysIT extends PostgresIT {

    @Test
    void anOwnerCreatesAKeyTheTokenApiTakesThenRevokesItAndAViewerMayNotSeeKeys() throws Exception {
        String merchant = onboardMerchant();
        DashboardMember member = DashboardMember.invite(admin, port, clock, merchant, "owner-k1@duka.co.tz", "OWNER");
        FormBrowser owner = member.browser();

        HttpResponse<String> page = owner.get("/dashboard/developers");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("API keys").contains("Create a key");

        assertThat(owner.post("/dashboard/developers/keys", "name", "shop back end", "scope.payments.read", "on",
                "code", "123456").body()).contains("That code is not right");
        assertThat(owner.post("/dashboard/developers/keys", "name", "shop back end", "code", member.freshCode())
                .body()).contains("Tick at least one thing the key may do");
        HttpResponse<String> created = owner.post("/dashboard/developers/keys", "name", "shop back end",
                "scope.payments.read", "on", "code", member.freshCode());
        assertThat(created.statusCode()).isEqualTo(201);
        String key = match(created.body(), "id=\"new-key\" type=\"text\" readonly value=\"(mk_test_[^\"]+)\"");
        assertThat(token(key).statusCode()).isEqualTo(200);
        assertThat(owner.get("/dashboard/developers").body()).contains("shop back end").doesNotContain(key);

        String keyId = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM api_key WHERE merchant_id = CAST(? AS UUID)",
                String.class, merchant);
        assertThat(owner.post("/dashboard/developers/keys/" + keyId + "/revoke").statusCode()).isEqualTo(303);
        assertThat(token(key).statusCode()).isEqualTo(401);
        assertThat(jdbc.queryForList("SELECT action FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID)",
                String.class, merchant)).contains("api_key_created", "api_key_revoked");

        // Another merchant's Owner cannot revoke this merchant's keys by changing the id in the URL.
        FormBrowser stranger = DashboardMember.invite(admin, port, clock, onboardMerchant(), "owner-k2@duka.co.tz",
                "OWNER").browser();
        stranger.get("/dashboard/developers");
        assertThat(stranger.post("/dashboard/developers/keys/" + keyId + "/revoke").statusCode()).isEqualTo(404);

        String link = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"viewer-k3@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText();
        FormBrowser viewer = new FormBrowser(port).acceptAndSignIn(link, "viewer-k3@duka.co.tz", "a quiet blue lake");
        HttpResponse<String> refused = viewer.get("/dashboard/developers");
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(refused.body()).contains("Viewers see payments and balances");
        assertThat(viewer.get("/dashboard").body()).doesNotContain("/dashboard/developers");
    }

    private HttpResponse<String> token(String key) throws Exception {
        return java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(
                URI.create("http://localhost:" + port + "/api/v1/oauth/token"))
                .header("X-Api-Key", key).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("grant_type=client_credentials")).build(),
                HttpResponse.BodyHandlers.ofString());
    }


    private static String match(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex + " in " + text).isTrue();
        return matcher.group(1);
    }
}
