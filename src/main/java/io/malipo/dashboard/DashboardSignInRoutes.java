package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.answer;
import static io.malipo.common.PageAnswers.resource;
import static io.malipo.common.PageAnswers.seeOther;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.qrcode.QRCodeWriter;
import io.malipo.common.RequestBudgets;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/**
 * The dashboard's way in and out: accepting an invitation, signing in with a password and then a
 * code from an authenticator app (set up on first sign-in for the roles that need it), signing
 * out, here or everywhere. Spring Security (DashboardSecurity) keeps the session and checks CSRF
 * tokens; these routes decide who signs in and put them into the session.
 */
@Component
public class DashboardSignInRoutes extends DashboardRouteBuilder {

    /** Session attribute: the member whose password was right, until their second factor is. */
    private static final String PASSWORD_OK = "malipo.dashboard.passwordOk";
    /** Session attribute: the secret being set up, until a code from the app proves it. */
    private static final String NEW_SECRET = "malipo.dashboard.newSecret";

    private final TeamMembers team;
    private final byte[] styleSheet = resource("/dashboard/dashboard.css");
    private final byte[] script = resource("/dashboard/dashboard.js");
    /** Sign-in attempts per account and per address: slows guessing, and a locked-out owner waits a minute at most. */
    private final RequestBudgets perAccount = new RequestBudgets(5);
    private final RequestBudgets perAddress = new RequestBudgets(30);

    public DashboardSignInRoutes(DashboardPages pages, TeamMembers team) {
        super(pages);
        this.team = team;
    }

    @Override
    protected void routes() {
        rest("/").get().id("rest-root").apiDocs(false).to("direct:root");
        dashboard().get().id("rest-dashboard-home").to("direct:dashboard-home")
                .get("/sign-in").id("rest-dashboard-sign-in").to("direct:dashboard-sign-in")
                .post("/sign-in").id("rest-dashboard-sign-in-post").to("direct:dashboard-password")
                .get("/sign-in/code").id("rest-dashboard-code").to("direct:dashboard-code")
                .post("/sign-in/code").id("rest-dashboard-code-post").to("direct:dashboard-code-check")
                .get("/two-factor/setup").id("rest-dashboard-setup").to("direct:dashboard-setup")
                .get("/two-factor/qr.png").id("rest-dashboard-setup-qr").to("direct:dashboard-setup-qr")
                .post("/two-factor/setup").id("rest-dashboard-setup-post").to("direct:dashboard-setup-check")
                .get("/invitation/{token}").id("rest-dashboard-invitation").to("direct:dashboard-invitation")
                .post("/invitation/{token}").id("rest-dashboard-invitation-post")
                    .to("direct:dashboard-invitation-accept")
                .post("/sign-out-everywhere").id("rest-dashboard-sign-out-everywhere")
                    .to("direct:dashboard-sign-out-everywhere")
                .post("/sign-out").id("rest-dashboard-sign-out").to("direct:dashboard-sign-out")
                .get("/assets/dashboard.css").id("rest-dashboard-css").to("direct:dashboard-css")
                .get("/assets/dashboard.js").id("rest-dashboard-js").to("direct:dashboard-js");

        from("direct:root").routeId("root").process(e -> seeOther(e, "/dashboard"));
        from("direct:dashboard-css").routeId("dashboard-css")
                .process(e -> answer(e, 200, "text/css; charset=UTF-8", "public, max-age=3600", styleSheet));
        from("direct:dashboard-js").routeId("dashboard-js")
                .process(e -> answer(e, 200, "text/javascript; charset=UTF-8", "public, max-age=3600", script));

        // ?welcome: the invitation was just accepted, and the page says the password is set.
        page("direct:dashboard-sign-in", e -> pages.render(e, 200, "dashboard/sign-in",
                Map.of("welcome", e.getIn().getHeaders().containsKey("welcome"))));
        page("direct:dashboard-password", this::password);
        page("direct:dashboard-code", e -> pending(e).ifPresentOrElse(
                m -> pages.render(e, 200, "dashboard/code", Map.of()), () -> seeOther(e, DashboardSecurity.SIGN_IN)));
        page("direct:dashboard-code-check", this::code);
        page("direct:dashboard-setup", this::setup);
        page("direct:dashboard-setup-qr", this::setupQr);
        page("direct:dashboard-setup-check", this::setupCheck);
        page("direct:dashboard-invitation", this::invitation);
        page("direct:dashboard-invitation-accept", this::accept);
        page("direct:dashboard-sign-out", DashboardSignInRoutes::signOut);
        page("direct:dashboard-sign-out-everywhere", this::signOutEverywhere);
    }

    private void password(Exchange exchange) {
        Map<String, String> form = DashboardPages.form(exchange);
        String email = form.getOrDefault("email", "").strip();
        long wait = Math.max(perAccount.take(email.toLowerCase(Locale.ROOT)),
                perAddress.take(String.valueOf(pages.address(exchange))));
        if (wait > 0) {
            pages.render(exchange, 429, "dashboard/sign-in", Map.of("email", email, "error", "signin.error.wait",
                    "wait", wait));
            exchange.getMessage().setHeader("Retry-After", String.valueOf(wait));
            return;
        }
        Optional<TeamMember> member = team.withPassword(email, form.get("password"));
        if (member.isEmpty()) {
            pages.render(exchange, 400, "dashboard/sign-in", Map.of("email", email, "error", "signin.error.wrong"));
            return;
        }
        HttpServletRequest request = DashboardPages.request(exchange);
        request.getSession(true);
        request.changeSessionId();
        request.getSession().setAttribute(PASSWORD_OK, member.get().id());
        if (member.get().hasTwoFactors()) {
            seeOther(exchange, DashboardSecurity.SIGN_IN + "/code");
        } else if (member.get().role().requiresTwoFactors()) {
            seeOther(exchange, "/dashboard/two-factor/setup");
        } else {
            signIn(exchange, member.get());
        }
    }

    private void code(Exchange exchange) {
        Optional<TeamMember> member = pending(exchange);
        if (member.isEmpty()) {
            seeOther(exchange, DashboardSecurity.SIGN_IN);
            return;
        }
        long wait = perAccount.take(member.get().email());
        if (wait > 0 || !team.secondFactor(member.get(), DashboardPages.form(exchange).get("code"))) {
            pages.render(exchange, wait > 0 ? 429 : 400, "dashboard/code", Map.of("error",
                    wait > 0 ? "signin.error.wait" : "code.error", "wait", wait));
            return;
        }
        signIn(exchange, member.get());
    }

    /** The authenticator app's secret, new for this setup and kept in the session until proven. */
    private void setup(Exchange exchange) {
        Optional<TeamMember> member = settingUp(exchange);
        if (member.isEmpty() || member.get().hasTwoFactors()) {
            seeOther(exchange, DashboardSecurity.SIGN_IN);
            return;
        }
        HttpSession session = DashboardPages.request(exchange).getSession();
        String secret = (String) session.getAttribute(NEW_SECRET);
        if (secret == null) {
            secret = team.newTotpSecret();
            session.setAttribute(NEW_SECRET, secret);
        }
        pages.render(exchange, 200, "dashboard/setup", setupPage(exchange, member.get(), secret));
    }

    /**
     * The set-up page: the key in groups of four; for a member already signed in (setting up a
     * factor an action asked for), the dashboard's header and navigation, to go back.
     */
    private static Map<String, Object> setupPage(Exchange exchange, TeamMember member, String secret) {
        Map<String, Object> page = new HashMap<>();
        page.put("secret", secret.replaceAll("(.{4})", "$1 ").strip());
        page.put("required", member.role().requiresTwoFactors());
        DashboardPages.signedIn(exchange).ifPresent(user -> page.put("user", user));
        return page;
    }

    private void setupQr(Exchange exchange) throws WriterException, IOException {
        Optional<TeamMember> member = settingUp(exchange);
        HttpSession session = DashboardPages.request(exchange).getSession(false);
        String secret = session == null ? null : (String) session.getAttribute(NEW_SECRET);
        if (member.isEmpty() || secret == null) {
            answer(exchange, 404, "text/plain; charset=UTF-8", "no-store", new byte[0]);
            return;
        }
        String uri = "otpauth://totp/" + URLEncoder.encode("Malipo:" + member.get().email(), StandardCharsets.UTF_8)
                .replace("+", "%20") + "?secret=" + secret + "&issuer=Malipo&algorithm=SHA1&digits=6&period=30";
        var matrix = new QRCodeWriter().encode(uri, BarcodeFormat.QR_CODE, 240, 240);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(matrix, "PNG", png);
        answer(exchange, 200, "image/png", "no-store", png.toByteArray());
    }

    private void setupCheck(Exchange exchange) {
        Optional<TeamMember> member = settingUp(exchange);
        HttpSession session = DashboardPages.request(exchange).getSession(false);
        String secret = session == null ? null : (String) session.getAttribute(NEW_SECRET);
        if (member.isEmpty() || secret == null) {
            seeOther(exchange, DashboardSecurity.SIGN_IN);
            return;
        }
        List<String> recovery = team.enableTwoFactors(member.get().id(), secret,
                DashboardPages.form(exchange).get("code"));
        if (recovery.isEmpty()) {
            Map<String, Object> page = setupPage(exchange, member.get(), secret);
            page.put("error", "code.error");
            pages.render(exchange, 400, "dashboard/setup", page);
            return;
        }
        session.removeAttribute(NEW_SECRET);
        team.audit(member.get().merchantId(), member.get().id(), "two_factors_enabled", null,
                pages.address(exchange));
        signIn(exchange, member.get());
        // Shown once, on the page that follows setup instead of the usual redirect.
        pages.render(exchange, 200, "dashboard/recovery", Map.of("codes", recovery));
    }

    private void invitation(Exchange exchange) {
        String token = exchange.getIn().getHeader("token", String.class);
        team.invited(token).ifPresentOrElse(
                m -> pages.render(exchange, 200, "dashboard/invitation", Map.of("member", m, "token", token,
                        "minimum", TeamMembers.MIN_PASSWORD)),
                () -> pages.render(exchange, 404, "dashboard/invitation-gone", Map.of()));
    }

    private void accept(Exchange exchange) {
        String token = exchange.getIn().getHeader("token", String.class);
        Optional<TeamMember> member = team.invited(token);
        if (member.isEmpty()) {
            pages.render(exchange, 404, "dashboard/invitation-gone", Map.of());
            return;
        }
        Map<String, String> form = DashboardPages.form(exchange);
        String password = form.getOrDefault("password", "");
        String problem = password.length() < TeamMembers.MIN_PASSWORD || password.length() > 200
                ? "invitation.error.length"
                : !password.equals(form.get("repeat")) ? "invitation.error.repeat"
                : password.equalsIgnoreCase(member.get().email()) ? "invitation.error.email" : null;
        if (problem != null) {
            pages.render(exchange, 400, "dashboard/invitation", Map.of("member", member.get(), "token", token,
                    "minimum", TeamMembers.MIN_PASSWORD, "error", problem));
            return;
        }
        if (!team.accept(token, password)) {
            pages.render(exchange, 404, "dashboard/invitation-gone", Map.of());
            return;
        }
        team.audit(member.get().merchantId(), member.get().id(), "invitation_accepted", null,
                pages.address(exchange));
        seeOther(exchange, DashboardSecurity.SIGN_IN + "?welcome");
    }

    private static void signOut(Exchange exchange) {
        HttpSession session = DashboardPages.request(exchange).getSession(false);
        if (session != null) {
            session.invalidate();
        }
        seeOther(exchange, DashboardSecurity.SIGN_IN);
    }

    private void signOutEverywhere(Exchange exchange) {
        DashboardUser user = pages.user(exchange);
        team.endSessions(user.id());
        pages.audit(exchange, user, "signed_out_everywhere", null);
        signOut(exchange);
    }

    /** Both factors are right: the member is signed in, in a new session id, in test mode. */
    private void signIn(Exchange exchange, TeamMember member) {
        HttpServletRequest request = DashboardPages.request(exchange);
        request.changeSessionId();
        request.getSession().removeAttribute(PASSWORD_OK);
        DashboardPages.keep(exchange, DashboardUser.of(member, pages.now()));
        team.audit(member.merchantId(), member.id(), "signed_in", null, pages.address(exchange));
        seeOther(exchange, "/dashboard");
    }

    /** Who sets up a second factor: a member half-way through signing in, or one signed in without one. */
    private Optional<TeamMember> settingUp(Exchange exchange) {
        return pending(exchange).or(() -> DashboardPages.signedIn(exchange).flatMap(u -> team.find(u.id())));
    }

    /** The member whose password was right in this session, when their second factor is still to come. */
    private Optional<TeamMember> pending(Exchange exchange) {
        HttpSession session = DashboardPages.request(exchange).getSession(false);
        Object id = session == null ? null : session.getAttribute(PASSWORD_OK);
        return id instanceof UUID user ? team.find(user) : Optional.empty();
    }
}
