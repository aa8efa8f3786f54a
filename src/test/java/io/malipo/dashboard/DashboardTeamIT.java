package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.AuthenticatorApp;
import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.PostgresIT;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The team page: an Owner invites, changes roles and removes, and the team always keeps an Owner. */
class DashboardTeamIT extends PostgresIT {

    @Test
    void anOwnerInvitesATeammateChangesTheirRoleAndRemovesThemButNeverTheLastOwner() throws Exception {
        String merchant = onboardMerchant();
        String link = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"owner-t1@duka.co.tz\", \"role\": \"OWNER\"}").json().get("invitation_url").asText();
        FormBrowser owner = new FormBrowser(port).acceptAndSignIn(link, "owner-t1@duka.co.tz", "jua kali mvua nyingi");
        String key = AuthenticatorApp.keyOn(owner.get("/dashboard/two-factor/setup").body());
        owner.post("/dashboard/two-factor/setup", "code", AuthenticatorApp.code(key, clock.instant()));

        HttpResponse<String> page = owner.get("/dashboard/team");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("owner-t1@duka.co.tz").contains("Invite a teammate");

        assertThat(owner.post("/dashboard/team", "email", "not an email", "role", "VIEWER").statusCode()).isEqualTo(400);
        HttpResponse<String> invited = owner.post("/dashboard/team", "email", "dev-t2@duka.co.tz", "role", "VIEWER");
        assertThat(invited.statusCode()).isEqualTo(201);
        String invitation = match(invited.body(), "id=\"invitation-link\" type=\"text\" readonly value=\"([^\"]+)\"");
        assertThat(invitations.to("dev-t2@duka.co.tz")).as("the installation's InvitationLetters got it")
                .hasValueSatisfying(letter -> {
                    assertThat(letter.link()).isEqualTo(invitation);
                    assertThat(letter.merchantName()).isEqualTo("Duka la Mama");
                    assertThat(letter.role()).hasToString("VIEWER");
                });
        FormBrowser teammate = new FormBrowser(port).acceptAndSignIn(invitation, "dev-t2@duka.co.tz",
                "mango tree by the road");
        assertThat(teammate.get("/dashboard").body()).contains("You are a Viewer");
        assertThat(teammate.get("/dashboard/team").statusCode()).isEqualTo(403);

        String teammateId = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM merchant_user WHERE email = ?",
                String.class, "dev-t2@duka.co.tz");
        String ownerId = jdbc.queryForObject("SELECT CAST(id AS VARCHAR) FROM merchant_user WHERE email = ?",
                String.class, "owner-t1@duka.co.tz");
        owner.get("/dashboard/team");
        assertThat(owner.post("/dashboard/team/" + teammateId + "/role", "role", "DEVELOPER").statusCode())
                .isEqualTo(303);
        assertThat(jdbc.queryForObject("SELECT role FROM merchant_user WHERE email = ?", String.class,
                "dev-t2@duka.co.tz")).isEqualTo("DEVELOPER");
        HttpResponse<String> lastOwner = owner.post("/dashboard/team/" + ownerId + "/role", "role", "VIEWER");
        assertThat(lastOwner.statusCode()).isEqualTo(409);
        assertThat(lastOwner.body()).contains("at least one Owner");

        assertThat(owner.post("/dashboard/team/" + teammateId + "/remove").statusCode()).isEqualTo(303);
        assertThat(teammate.get("/dashboard").statusCode()).as("the removed member's session ends").isEqualTo(303);
        teammate.get("/dashboard/sign-in");
        assertThat(teammate.post("/dashboard/sign-in", "email", "dev-t2@duka.co.tz", "password",
                "mango tree by the road").statusCode()).isEqualTo(400);

        HttpResponse<String> audit = owner.get("/dashboard/audit");
        assertThat(audit.body()).contains("Invited a teammate").contains("Changed a teammate&#39;s role")
                .contains("Removed a teammate").contains("owner-t1@duka.co.tz");

        // The removed member's email may be invited again: a new member, the old row kept for the log.
        owner.get("/dashboard/team");
        HttpResponse<String> again = owner.post("/dashboard/team", "email", "Dev-T2@duka.co.tz", "role", "FINANCE");
        assertThat(again.statusCode()).isEqualTo(201);
        String secondInvitation = match(again.body(), "id=\"invitation-link\" type=\"text\" readonly value=\"([^\"]+)\"");
        FormBrowser returning = new FormBrowser(port).acceptAndSignIn(secondInvitation, "dev-t2@duka.co.tz",
                "a new password for a new start");
        assertThat(returning.get("/dashboard/two-factor/setup").body()).as("Finance sets up two factors first")
                .contains("Set up your second factor");
        assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM merchant_user WHERE email = ?", Integer.class,
                "dev-t2@duka.co.tz")).isEqualTo(2);
        assertThat(owner.post("/dashboard/team", "email", "dev-t2@duka.co.tz", "role", "VIEWER").statusCode())
                .as("but never two members with one email").isEqualTo(409);

        // Another merchant's Owner cannot touch this team by changing the id in the URL.
        String other = admin.post("/admin/v1/merchants/" + onboardMerchant() + "/users",
                "{\"email\": \"owner-t3@duka.co.tz\", \"role\": \"OWNER\"}").json().get("invitation_url").asText();
        FormBrowser stranger = new FormBrowser(port).acceptAndSignIn(other, "owner-t3@duka.co.tz", "a quiet blue lake");
        String strangerKey = AuthenticatorApp.keyOn(stranger.get("/dashboard/two-factor/setup").body());
        stranger.post("/dashboard/two-factor/setup", "code", AuthenticatorApp.code(strangerKey, clock.instant()));
        stranger.get("/dashboard/team");
        assertThat(stranger.post("/dashboard/team/" + ownerId + "/remove").statusCode()).isEqualTo(404);
        assertThat(stranger.post("/dashboard/team/" + ownerId + "/role", "role", "VIEWER").statusCode()).isEqualTo(404);
        assertThat(jdbc.queryForObject("SELECT removed_at IS NULL FROM merchant_user WHERE email = ?", Boolean.class,
                "owner-t1@duka.co.tz")).isTrue();
    }

    private static String match(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex).isTrue();
        return matcher.group(1);
    }
}
