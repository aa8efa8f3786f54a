package io.malipo.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.malipo.testsupport.FormBrowser;
import io.malipo.testsupport.AuthenticatorApp;
import io.malipo.testsupport.PostgresIT;
import java.net.URI;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Signing in to the dashboard over HTTP, as a browser does it (cookies kept, redirects not
 * followed): an invitation from the admin API, a password, two factors for the roles that need
 * them, the home page, signing out; and what is refused on the way.
 */
class DashboardSignInIT extends PostgresIT {

    @Test
    void anInvitedOwnerSetsAPasswordAndTwoFactorsThenSignsInWithACodeOrARecoveryCode() throws Exception {
        String merchant = onboardMerchant();
        var invited = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"Owner-1@Duka.co.tz\", \"role\": \"owner\"}");
        assertThat(invited.status()).as(invited.body()).isEqualTo(201);
        assertThat(invited.json().get("email").asText()).isEqualTo("owner-1@duka.co.tz");
        assertThat(invited.json().get("role").asText()).isEqualTo("OWNER");
        String link = invited.json().get("invitation_url").asText();
        assertThat(link).startsWith("http://").contains("/dashboard/invitation/inv_");
        String invitation = URI.create(link).getPath();

        FormBrowser browser = new FormBrowser(port);
        var opened = browser.get(invitation);
        assertThat(opened.body()).contains("Join Duka la Mama on Malipo").contains("Owner");
        assertThat(opened.headers().firstValue("Set-Cookie")).hasValueSatisfying(cookie -> assertThat(cookie)
                .startsWith("malipo_session=").contains("Path=/dashboard").contains("HttpOnly")
                .contains("SameSite=Strict"));
        assertThat(browser.post(invitation, "password", "short", "repeat", "short").body())
                .contains("at least 10 characters");
        var accepted = browser.post(invitation, "password", "jua kali mvua nyingi", "repeat", "jua kali mvua nyingi");
        assertThat(accepted.statusCode()).isEqualTo(303);
        assertThat(browser.get(invitation).statusCode()).as("single use").isEqualTo(404);

        browser.get("/dashboard/sign-in");
        assertThat(browser.post("/dashboard/sign-in", "email", "owner-1@duka.co.tz", "password", "wrong password!")
                .body()).contains("The email or password is not right");
        var password = browser.post("/dashboard/sign-in", "email", "OWNER-1@duka.co.tz", "password",
                "jua kali mvua nyingi");
        assertThat(password.headers().firstValue("Location")).contains("/dashboard/two-factor/setup");
        assertThat(browser.get("/dashboard").statusCode()).as("not signed in before the second factor")
                .isEqualTo(302);

        String setup = browser.get("/dashboard/two-factor/setup").body();
        String secret = AuthenticatorApp.keyOn(setup);
        assertThat(browser.get("/dashboard/two-factor/qr.png").headers().firstValue("Content-Type"))
                .contains("image/png");
        assertThat(browser.post("/dashboard/two-factor/setup", "code", "000000").body())
                .contains("That code is not right");
        var enabled = browser.post("/dashboard/two-factor/setup", "code", code(secret));
        assertThat(enabled.statusCode()).isEqualTo(200);
        Matcher recovery = Pattern.compile("<code>([0-9A-Z]{5}-[0-9A-Z]{5})</code>").matcher(enabled.body());
        assertThat(recovery.results().count()).isEqualTo(10);
        String recoveryCode = match(enabled.body(), "<code>([0-9A-Z]{5}-[0-9A-Z]{5})</code>");

        var home = browser.get("/dashboard");
        assertThat(home.statusCode()).isEqualTo(200);
        assertThat(home.body()).contains("Duka la Mama").contains("You are an Owner").contains("Balances")
                .contains("owner-1@duka.co.tz");
        assertThat(home.headers().firstValue("Content-Security-Policy")).hasValueSatisfying(
                p -> assertThat(p).contains("default-src 'none'").contains("frame-ancestors 'none'"));
        assertThat(home.headers().allValues("Set-Cookie")).isEmpty();

        assertThat(browser.post("/dashboard/sign-out").statusCode()).isEqualTo(303);
        assertThat(browser.get("/dashboard").headers().firstValue("Location")).hasValueSatisfying(
                l -> assertThat(l).endsWith("/dashboard/sign-in"));

        // Again: password, then a code, and a code is good once.
        browser.get("/dashboard/sign-in");
        assertThat(browser.post("/dashboard/sign-in", "email", "owner-1@duka.co.tz", "password",
                "jua kali mvua nyingi").headers().firstValue("Location")).contains("/dashboard/sign-in/code");
        browser.get("/dashboard/sign-in/code");
        assertThat(browser.post("/dashboard/sign-in/code", "code", code(secret)).body())
                .as("the code that turned two factors on").contains("That code is not right");
        var signedIn = browser.post("/dashboard/sign-in/code", "code", recoveryCode.toLowerCase());
        assertThat(signedIn.headers().firstValue("Location")).contains("/dashboard");
        assertThat(browser.get("/dashboard").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(30));
        assertThat(jdbc.queryForObject("SELECT count(*) FROM dashboard_audit WHERE merchant_id = CAST(? AS UUID) "
                + "AND action = 'signed_in'", Integer.class, merchant)).isEqualTo(2);
    }

    @Test
    void aViewerSignsInWithAPasswordAloneAndChangesNeedTheSessionsCsrfToken() throws Exception {
        String merchant = onboardMerchant();
        String link = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"viewer-2@duka.co.tz\", \"role\": \"VIEWER\"}").json().get("invitation_url").asText();
        FormBrowser browser = new FormBrowser(port);
        browser.get(URI.create(link).getPath());
        browser.post(URI.create(link).getPath(), "password", "mango tree by the road", "repeat",
                "mango tree by the road");
        browser.get("/dashboard/sign-in");
        assertThat(browser.post("/dashboard/sign-in", "email", "viewer-2@duka.co.tz", "password",
                "mango tree by the road").headers().firstValue("Location")).hasValue("/dashboard");
        assertThat(browser.get("/dashboard").body()).contains("You are a Viewer");

        assertThat(browser.send("POST", "/dashboard/sign-out", "").statusCode()).as("no CSRF token").isEqualTo(403);
        assertThat(browser.get("/dashboard").statusCode()).isEqualTo(200);
        assertThat(new FormBrowser(port).get("/").headers().firstValue("Location")).hasValue("/dashboard");
    }

    @Test
    void signingOutEverywhereEndsTheMembersOtherSessionsToo() throws Exception {
        String merchant = onboardMerchant();
        String link = admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"dev-7@duka.co.tz\", \"role\": \"DEVELOPER\"}").json().get("invitation_url").asText();
        FormBrowser phone = new FormBrowser(port).acceptAndSignIn(link, "dev-7@duka.co.tz", "three green bananas");
        FormBrowser laptop = new FormBrowser(port);
        laptop.get("/dashboard/sign-in");
        laptop.post("/dashboard/sign-in", "email", "dev-7@duka.co.tz", "password", "three green bananas");
        assertThat(phone.get("/dashboard").statusCode()).isEqualTo(200);
        assertThat(laptop.get("/dashboard").statusCode()).isEqualTo(200);

        assertThat(laptop.post("/dashboard/sign-out-everywhere").statusCode()).isEqualTo(303);

        var ended = phone.get("/dashboard");
        assertThat(ended.statusCode()).isEqualTo(303);
        assertThat(ended.headers().firstValue("Location")).hasValue("/dashboard/sign-in");
        assertThat(phone.get("/dashboard").statusCode()).as("the session is gone").isEqualTo(302);
        assertThat(laptop.get("/dashboard").statusCode()).isEqualTo(302);
        phone.get("/dashboard/sign-in");
        phone.post("/dashboard/sign-in", "email", "dev-7@duka.co.tz", "password", "three green bananas");
        assertThat(phone.get("/dashboard").statusCode()).as("signing in again works").isEqualTo(200);
    }

    @Test
    void aSessionLeftIdleForThirtyMinutesAsksToSignInAgainButUseKeepsItOpen() throws Exception {
        FormBrowser viewer = io.malipo.testsupport.DashboardMember.invite(admin, port, clock, onboardMerchant(),
                "viewer-idle@duka.co.tz", "VIEWER").browser();
        assertThat(viewer.get("/dashboard").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(29));
        assertThat(viewer.get("/dashboard/payments").statusCode()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(29));
        assertThat(viewer.get("/dashboard").statusCode()).as("each page keeps the session open").isEqualTo(200);

        clock.advance(Duration.ofMinutes(31));
        var idle = viewer.get("/dashboard");
        assertThat(idle.statusCode()).isEqualTo(303);
        assertThat(idle.headers().firstValue("Location")).hasValue("/dashboard/sign-in");
        assertThat(viewer.get("/dashboard").statusCode()).as("the session is over, not only this page").isEqualTo(302);
    }

    @Test
    void aLanguageChosenOnAPageIsRememberedForTheDashboard() throws Exception {
        FormBrowser browser = new FormBrowser(port);
        var english = browser.get("/dashboard/sign-in");
        assertThat(english.body()).contains("Sign in to your dashboard").contains("href=\"/dashboard/sign-in?lang=sw\"");
        var swahili = browser.get("/dashboard/sign-in?lang=sw");
        assertThat(swahili.headers().allValues("Set-Cookie")).anySatisfy(cookie -> assertThat(cookie)
                .contains("malipo_lang=sw").contains("Path=/dashboard").contains("HttpOnly"));
        assertThat(swahili.body()).contains("lang=\"sw\"").contains(">English<");
        assertThat(browser.get("/dashboard/sign-in").body()).as("remembered").contains("lang=\"sw\"")
                .doesNotContain("Sign in to your dashboard");
    }

    @Test
    void invitationsAreRefusedForAnUnknownMerchantATakenEmailOrAnUnknownRole() {
        String merchant = onboardMerchant();
        assertThat(admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"dev-3@duka.co.tz\", \"role\": \"DEVELOPER\"}").status()).isEqualTo(201);
        assertThat(admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"DEV-3@duka.co.tz\", \"role\": \"VIEWER\"}").status()).isEqualTo(409);
        assertThat(admin.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"dev-4@duka.co.tz\", \"role\": \"BOSS\"}").status()).isEqualTo(400);
        assertThat(admin.post("/admin/v1/merchants/" + java.util.UUID.randomUUID() + "/users",
                "{\"email\": \"dev-5@duka.co.tz\", \"role\": \"VIEWER\"}").status()).isEqualTo(404);
        assertThat(http.post("/admin/v1/merchants/" + merchant + "/users",
                "{\"email\": \"dev-6@duka.co.tz\", \"role\": \"VIEWER\"}").status()).isEqualTo(401);
    }


    private String code(String secret) {
        return AuthenticatorApp.code(secret, clock.instant());
    }

    private static String match(String text, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(text);
        assertThat(matcher.find()).as(regex + " in " + text).isTrue();
        return matcher.group(1);
    }
}
