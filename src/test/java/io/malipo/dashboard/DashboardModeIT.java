package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.DashboardMember;
import io.malipo.testsupport.PostgresIT;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;

/**
 * Test and live mode: live opens once the merchant is verified (at once, without signing in
 * again), every page then shows live objects only, and a role an Owner changes counts at once.
 */
class DashboardModeIT extends PostgresIT {

    @Test
    void liveModeOpensOnceTheMerchantIsVerifiedAndShowsOnlyLiveKeys() throws Exception {
        String merchant = onboardMerchant();
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-m1@duka.co.tz", "OWNER");

        HttpResponse<String> home = owner.browser().get("/dashboard");
        assertThat(home.body()).contains("Test mode").contains("Live mode opens once Malipo has verified")
                .doesNotContain("Switch to live mode");
        HttpResponse<String> refused = owner.browser().post("/dashboard/mode", "mode", "live");
        assertThat(refused.statusCode()).isEqualTo(409);
        assertThat(refused.body()).contains("Malipo has not verified your business");

        admin.post("/admin/v1/merchants/" + merchant + "/verify", "");
        assertThat(owner.browser().get("/dashboard/developers").body()).contains("Switch to live mode");
        HttpResponse<String> switched = owner.browser().post("/dashboard/mode", "mode", "live", "back",
                "/dashboard/developers");
        assertThat(switched.statusCode()).isEqualTo(303);
        assertThat(switched.headers().firstValue("Location")).hasValue("/dashboard/developers");

        HttpResponse<String> live = owner.browser().get("/dashboard/developers");
        assertThat(live.body()).contains("Live mode").contains("in live mode").contains("Switch to test mode");
        HttpResponse<String> created = owner.browser().post("/dashboard/developers/keys", "name", "till",
                "scope.payments.read", "on", "code", owner.freshCode());
        assertThat(created.statusCode()).isEqualTo(201);
        assertThat(created.body()).contains("value=\"mk_live_");

        owner.browser().post("/dashboard/mode", "mode", "test", "back", "https://elsewhere.example/dashboard");
        assertThat(owner.browser().get("/dashboard/developers").body()).contains("Test mode").doesNotContain(">till<");
        assertThat(owner.browser().post("/dashboard/mode", "mode", "live", "back", "https://elsewhere.example/")
                .headers().firstValue("Location")).as("only back into the dashboard").hasValue("/dashboard");
    }

    @Test
    void aRoleAnOwnerChangesCountsAtOnceInTheMembersSession() throws Exception {
        String merchant = onboardMerchant();
        DashboardMember owner = DashboardMember.invite(admin, port, clock, merchant, "owner-m2@duka.co.tz", "OWNER");
        DashboardMember developer = DashboardMember.invite(admin, port, clock, merchant, "dev-m2@duka.co.tz",
                "DEVELOPER");
        assertThat(developer.browser().get("/dashboard/developers").statusCode()).isEqualTo(200);

        String developerId = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM merchant_user WHERE email = ?",
                String.class, "dev-m2@duka.co.tz");
        owner.browser().get("/dashboard/team");
        owner.browser().post("/dashboard/team/" + developerId + "/role", "role", "VIEWER");

        assertThat(developer.browser().get("/dashboard/developers").statusCode()).isEqualTo(403);
        assertThat(developer.browser().get("/dashboard").body()).contains("You are a Viewer");
    }
}
