package io.malipo.testsupport;

import java.time.Duration;

/**
 * A member of a merchant's team signed in to the dashboard over HTTP, with two factors set up
 * (whatever the role), so the tests can do what asks for a fresh code: keys, refunds, payouts.
 */
public record DashboardMember(FormBrowser browser, String secret, MutableClock clock) {

    public static final String PASSWORD = "jua kali mvua nyingi";

    /** Invites the email with the role through the admin API, accepts, signs in and sets up two factors. */
    public static DashboardMember invite(Http admin, int port, MutableClock clock, String merchantId, String email,
            String role) throws Exception {
        String link = admin.post("/admin/v1/merchants/" + merchantId + "/users",
                "{\"email\": \"" + email + "\", \"role\": \"" + role + "\"}").json().get("invitation_url").asText();
        FormBrowser browser = new FormBrowser(port).acceptAndSignIn(link, email, PASSWORD);
        String secret = AuthenticatorApp.keyOn(browser.get("/dashboard/two-factor/setup").body());
        browser.post("/dashboard/two-factor/setup", "code", AuthenticatorApp.code(secret, clock.instant()));
        return new DashboardMember(browser, secret, clock);
    }

    /** The code the member's app shows next: the test clock moves on a step, since a code is good once. */
    public String freshCode() {
        clock.advance(Duration.ofSeconds(30));
        return AuthenticatorApp.code(secret, clock.instant());
    }
}
