package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.answer;
import static io.malipo.common.PageAnswers.resource;
import static io.malipo.common.PageAnswers.seeOther;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.WriterException;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.qrcode.QRCodeWriter;
import io.malipo.channels.Channel;
import io.malipo.channels.ProviderDirectory;
import io.malipo.checkout.CheckoutProperties;
import io.malipo.common.ApiException;
import io.malipo.common.ClientAddress;
import io.malipo.common.EmailAddress;
import io.malipo.common.FormFields;
import io.malipo.common.HttpExchanges;
import io.malipo.common.KeysetPages;
import io.malipo.common.MalipoProperties;
import io.malipo.common.Msisdn;
import io.malipo.common.PageAnswers;
import io.malipo.common.RequestBudgets;
import io.malipo.ledger.Balances;
import io.malipo.ledger.LedgerEndpoints;
import io.malipo.merchant.ApiKeyView;
import io.malipo.merchant.MerchantEndpoints;
import io.malipo.merchant.MerchantRoutes;
import io.malipo.merchant.MerchantView;
import io.malipo.merchant.NewApiKey;
import io.malipo.merchant.Role;
import io.malipo.merchant.Scope;
import io.malipo.merchant.TeamMember;
import io.malipo.payments.PaymentStatus;
import io.malipo.payments.PaymentView;
import io.malipo.payments.PaymentsEndpoints;
import io.malipo.merchant.TeamMembers;
import io.malipo.pages.PageLanguage;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
import org.apache.camel.builder.RouteBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextImpl;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.CsrfToken;
import org.springframework.stereotype.Component;
import org.springframework.web.util.WebUtils;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;

/**
 * The dashboard's pages (templates/dashboard/): accepting an invitation, signing in with a
 * password and then a code from an authenticator app (set up on first sign-in for the roles that
 * need it), and the home page. Spring Security (DashboardSecurity) keeps the session and checks
 * CSRF tokens; these routes decide who signs in and put them into the session.
 */
@Component
public class DashboardRoutes extends RouteBuilder {

    /** Session attribute: the member whose password was right, until their second factor is. */
    private static final String PASSWORD_OK = "malipo.dashboard.passwordOk";
    /** Session attribute: the secret being set up, until a code from the app proves it. */
    private static final String NEW_SECRET = "malipo.dashboard.newSecret";
    private static final Logger LOG = LoggerFactory.getLogger(DashboardRoutes.class);
    private static final String STYLE_SHEET = "/dashboard/dashboard.css";

    private final TeamMembers team;
    private final CheckoutProperties checkout;
    private final ProviderDirectory providers;
    private final Clock clock;
    private final String publicUrl;
    private final TemplateEngine templates;
    private final ClientAddress addresses;
    private final byte[] styleSheet;
    private final byte[] script;
    /** Sign-in attempts per account and per address: slows guessing, and a locked-out owner waits a minute at most. */
    private final RequestBudgets perAccount = new RequestBudgets(5);
    private final RequestBudgets perAddress = new RequestBudgets(30);
    private ProducerTemplate camel;

    public DashboardRoutes(TeamMembers team, TemplateEngine templates, ClientAddress addresses,
            CheckoutProperties checkout, ProviderDirectory providers, Clock clock, MalipoProperties malipo) {
        this.clock = clock;
        this.publicUrl = malipo.publicUrl().replaceAll("/+$", "");
        this.checkout = checkout;
        this.providers = providers;
        this.team = team;
        this.templates = templates;
        this.addresses = addresses;
        this.styleSheet = resource(STYLE_SHEET);
        this.script = resource("/dashboard/dashboard.js");
    }

    @Override
    public void configure() {
        camel = getContext().createProducerTemplate();
        onException(Exception.class).handled(true).process(this::failed);
        onException(SessionEnded.class).handled(true).process(e -> seeOther(e, DashboardSecurity.SIGN_IN));
        onException(Forbidden.class).handled(true).process(e -> render(e, 403, "dashboard/forbidden",
                Map.of("user", e.getProperty(Exchange.EXCEPTION_CAUGHT, Forbidden.class).user)));

        rest("/").get().id("rest-root").apiDocs(false).to("direct:root");
        rest("/dashboard").get().id("rest-dashboard-home").apiDocs(false).to("direct:dashboard-home")
                .get("/sign-in").id("rest-dashboard-sign-in").apiDocs(false).to("direct:dashboard-sign-in")
                .post("/sign-in").id("rest-dashboard-sign-in-post").apiDocs(false).to("direct:dashboard-password")
                .get("/sign-in/code").id("rest-dashboard-code").apiDocs(false).to("direct:dashboard-code")
                .post("/sign-in/code").id("rest-dashboard-code-post").apiDocs(false).to("direct:dashboard-code-check")
                .get("/two-factor/setup").id("rest-dashboard-setup").apiDocs(false).to("direct:dashboard-setup")
                .get("/two-factor/qr.png").id("rest-dashboard-setup-qr").apiDocs(false).to("direct:dashboard-setup-qr")
                .post("/two-factor/setup").id("rest-dashboard-setup-post").apiDocs(false)
                    .to("direct:dashboard-setup-check")
                .get("/invitation/{token}").id("rest-dashboard-invitation").apiDocs(false)
                    .to("direct:dashboard-invitation")
                .post("/invitation/{token}").id("rest-dashboard-invitation-post").apiDocs(false)
                    .to("direct:dashboard-invitation-accept")
                .get("/developers").id("rest-dashboard-developers").apiDocs(false).to("direct:dashboard-developers")
                .post("/developers/keys").id("rest-dashboard-key-create").apiDocs(false)
                    .to("direct:dashboard-key-create")
                .post("/developers/keys/{id}/revoke").id("rest-dashboard-key-revoke").apiDocs(false)
                    .to("direct:dashboard-key-revoke")
                .get("/team").id("rest-dashboard-team").apiDocs(false).to("direct:dashboard-team")
                .post("/team").id("rest-dashboard-team-invite").apiDocs(false).to("direct:dashboard-team-invite")
                .post("/team/{id}/role").id("rest-dashboard-team-role").apiDocs(false).to("direct:dashboard-team-role")
                .post("/team/{id}/remove").id("rest-dashboard-team-remove").apiDocs(false)
                    .to("direct:dashboard-team-remove")
                .get("/audit").id("rest-dashboard-audit").apiDocs(false).to("direct:dashboard-audit")
                .get("/payments").id("rest-dashboard-payments").apiDocs(false).to("direct:dashboard-payments")
                .post("/sign-out-everywhere").id("rest-dashboard-sign-out-everywhere").apiDocs(false)
                    .to("direct:dashboard-sign-out-everywhere")
                .post("/sign-out").id("rest-dashboard-sign-out").apiDocs(false).to("direct:dashboard-sign-out")
                .get("/assets/dashboard.css").id("rest-dashboard-css").apiDocs(false).to("direct:dashboard-css")
                .get("/assets/dashboard.js").id("rest-dashboard-js").apiDocs(false).to("direct:dashboard-js");

        from("direct:root").routeId("root").process(e -> seeOther(e, "/dashboard"));
        from("direct:dashboard-css").routeId("dashboard-css")
                .process(e -> answer(e, 200, "text/css; charset=UTF-8", "public, max-age=3600", styleSheet));
        from("direct:dashboard-js").routeId("dashboard-js")
                .process(e -> answer(e, 200, "text/javascript; charset=UTF-8", "public, max-age=3600", script));

        from("direct:dashboard-sign-in").routeId("dashboard-sign-in")
                .process(HttpExchanges::remember)
                .process(e -> render(e, 200, "dashboard/sign-in", Map.of()));
        from("direct:dashboard-password").routeId("dashboard-password")
                .process(HttpExchanges::remember)
                .process(this::password);
        from("direct:dashboard-code").routeId("dashboard-code")
                .process(HttpExchanges::remember)
                .process(e -> pending(e).ifPresentOrElse(m -> render(e, 200, "dashboard/code", Map.of()),
                        () -> seeOther(e, DashboardSecurity.SIGN_IN)));
        from("direct:dashboard-code-check").routeId("dashboard-code-check")
                .process(HttpExchanges::remember)
                .process(this::code);
        from("direct:dashboard-setup").routeId("dashboard-setup")
                .process(HttpExchanges::remember)
                .process(this::setup);
        from("direct:dashboard-setup-qr").routeId("dashboard-setup-qr")
                .process(HttpExchanges::remember)
                .process(this::setupQr);
        from("direct:dashboard-setup-check").routeId("dashboard-setup-check")
                .process(HttpExchanges::remember)
                .process(this::setupCheck);
        from("direct:dashboard-invitation").routeId("dashboard-invitation")
                .process(HttpExchanges::remember)
                .process(this::invitation);
        from("direct:dashboard-invitation-accept").routeId("dashboard-invitation-accept")
                .process(HttpExchanges::remember)
                .process(this::accept);
        from("direct:dashboard-sign-out").routeId("dashboard-sign-out")
                .process(HttpExchanges::remember)
                .process(this::signOut);
        from("direct:dashboard-developers").routeId("dashboard-developers")
                .process(HttpExchanges::remember)
                .process(e -> developers(e, 200, Map.of()));
        from("direct:dashboard-key-create").routeId("dashboard-key-create")
                .process(HttpExchanges::remember)
                .process(this::createKey);
        from("direct:dashboard-key-revoke").routeId("dashboard-key-revoke")
                .process(HttpExchanges::remember)
                .process(this::revokeKey);
        from("direct:dashboard-team").routeId("dashboard-team")
                .process(HttpExchanges::remember)
                .process(e -> team(e, 200, Map.of()));
        from("direct:dashboard-team-invite").routeId("dashboard-team-invite")
                .process(HttpExchanges::remember)
                .process(this::invite);
        from("direct:dashboard-team-role").routeId("dashboard-team-role")
                .process(HttpExchanges::remember)
                .process(this::changeRole);
        from("direct:dashboard-team-remove").routeId("dashboard-team-remove")
                .process(HttpExchanges::remember)
                .process(this::removeMember);
        from("direct:dashboard-audit").routeId("dashboard-audit")
                .process(HttpExchanges::remember)
                .process(e -> {
                    DashboardUser user = user(e, OWNERS);
                    DateTimeFormatter times = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM,
                            FormatStyle.MEDIUM).withLocale(language(e)).withZone(checkout.zone());
                    render(e, 200, "dashboard/audit", Map.of("user", user, "entries", team.auditLog(user.merchantId())
                            .stream().map(a -> Map.of("entry", a, "at", times.format(a.createdAt()))).toList()));
                });
        from("direct:dashboard-payments").routeId("dashboard-payments")
                .process(HttpExchanges::remember)
                .process(this::payments);
        from("direct:dashboard-sign-out-everywhere").routeId("dashboard-sign-out-everywhere")
                .process(HttpExchanges::remember)
                .process(this::signOutEverywhere);
        from("direct:dashboard-home").routeId("dashboard-home")
                .process(HttpExchanges::remember)
                .process(this::home);
    }

    private void password(Exchange exchange) {
        Map<String, String> form = form(exchange);
        String email = form.getOrDefault("email", "").strip();
        long wait = Math.max(perAccount.take(email.toLowerCase(Locale.ROOT)),
                perAddress.take(String.valueOf(addresses.of(exchange))));
        if (wait > 0) {
            render(exchange, 429, "dashboard/sign-in", Map.of("email", email, "error", "signin.error.wait",
                    "wait", wait));
            exchange.getMessage().setHeader("Retry-After", String.valueOf(wait));
            return;
        }
        Optional<TeamMember> member = team.withPassword(email, form.get("password"));
        if (member.isEmpty()) {
            render(exchange, 400, "dashboard/sign-in", Map.of("email", email, "error", "signin.error.wrong"));
            return;
        }
        HttpServletRequest request = request(exchange);
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
        if (wait > 0 || !team.secondFactor(member.get(), form(exchange).get("code"))) {
            render(exchange, wait > 0 ? 429 : 400, "dashboard/code", Map.of("error", wait > 0 ? "signin.error.wait"
                    : "code.error", "wait", wait));
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
        HttpSession session = request(exchange).getSession();
        String secret = (String) session.getAttribute(NEW_SECRET);
        if (secret == null) {
            secret = team.newTotpSecret();
            session.setAttribute(NEW_SECRET, secret);
        }
        render(exchange, 200, "dashboard/setup", Map.of("secret", secret.replaceAll("(.{4})", "$1 ").strip(),
                "required", member.get().role().requiresTwoFactors()));
    }

    private void setupQr(Exchange exchange) throws WriterException, IOException {
        Optional<TeamMember> member = settingUp(exchange);
        HttpSession session = request(exchange).getSession(false);
        String secret = session == null ? null : (String) session.getAttribute(NEW_SECRET);
        if (member.isEmpty() || secret == null) {
            answer(exchange, 404, "text/plain; charset=UTF-8", "no-store", new byte[0]);
            return;
        }
        String uri = "otpauth://totp/" + encode("Malipo:" + member.get().email()) + "?secret=" + secret
                + "&issuer=Malipo&algorithm=SHA1&digits=6&period=30";
        var matrix = new QRCodeWriter().encode(uri, BarcodeFormat.QR_CODE, 240, 240);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        MatrixToImageWriter.writeToStream(matrix, "PNG", png);
        answer(exchange, 200, "image/png", "no-store", png.toByteArray());
    }

    private void setupCheck(Exchange exchange) {
        Optional<TeamMember> member = settingUp(exchange);
        HttpSession session = request(exchange).getSession(false);
        String secret = session == null ? null : (String) session.getAttribute(NEW_SECRET);
        if (member.isEmpty() || secret == null) {
            seeOther(exchange, DashboardSecurity.SIGN_IN);
            return;
        }
        List<String> recovery = team.enableTwoFactors(member.get().id(), secret, form(exchange).get("code"));
        if (recovery.isEmpty()) {
            render(exchange, 400, "dashboard/setup", Map.of("secret", secret.replaceAll("(.{4})", "$1 ").strip(),
                    "required", member.get().role().requiresTwoFactors(), "error", "code.error"));
            return;
        }
        session.removeAttribute(NEW_SECRET);
        team.audit(member.get().merchantId(), member.get().id(), "two_factors_enabled", null, addresses.of(exchange));
        signIn(exchange, member.get());
        // Shown once, on the page that follows setup instead of the usual redirect.
        render(exchange, 200, "dashboard/recovery", Map.of("codes", recovery));
    }

    private void invitation(Exchange exchange) {
        String token = exchange.getIn().getHeader("token", String.class);
        team.invited(token).ifPresentOrElse(
                m -> render(exchange, 200, "dashboard/invitation", Map.of("member", m, "token", token,
                        "minimum", TeamMembers.MIN_PASSWORD)),
                () -> render(exchange, 404, "dashboard/invitation-gone", Map.of()));
    }

    private void accept(Exchange exchange) {
        String token = exchange.getIn().getHeader("token", String.class);
        Optional<TeamMember> member = team.invited(token);
        if (member.isEmpty()) {
            render(exchange, 404, "dashboard/invitation-gone", Map.of());
            return;
        }
        Map<String, String> form = form(exchange);
        String password = form.getOrDefault("password", "");
        String problem = password.length() < TeamMembers.MIN_PASSWORD || password.length() > 200
                ? "invitation.error.length"
                : !password.equals(form.get("repeat")) ? "invitation.error.repeat"
                : password.equalsIgnoreCase(member.get().email()) ? "invitation.error.email" : null;
        if (problem != null) {
            render(exchange, 400, "dashboard/invitation", Map.of("member", member.get(), "token", token,
                    "minimum", TeamMembers.MIN_PASSWORD, "error", problem));
            return;
        }
        if (!team.accept(token, password)) {
            render(exchange, 404, "dashboard/invitation-gone", Map.of());
            return;
        }
        team.audit(member.get().merchantId(), member.get().id(), "invitation_accepted", null, addresses.of(exchange));
        seeOther(exchange, DashboardSecurity.SIGN_IN + "?welcome");
    }

    private void signOut(Exchange exchange) {
        HttpSession session = request(exchange).getSession(false);
        if (session != null) {
            session.invalidate();
        }
        seeOther(exchange, DashboardSecurity.SIGN_IN);
    }

    private void home(Exchange exchange) {
        DashboardUser user = user(exchange);
        Locale locale = language(exchange);
        Balances balances = camel.requestBody(LedgerEndpoints.BALANCES,
                Map.of("merchantId", user.merchantId(), "livemode", false), Balances.class);
        NumberFormat money = NumberFormat.getNumberInstance(locale);
        money.setMinimumFractionDigits(2);
        money.setMaximumFractionDigits(2);
        render(exchange, 200, "dashboard/home", Map.of("user", user, "balances", balances.balances().stream()
                .map(b -> Map.of("currency", b.currency(), "available", money.format(b.available()),
                        "pending", money.format(b.pending())))
                .toList()));
    }

    private void failed(Exchange exchange) {
        String reference = HttpExchanges.requestId(exchange);
        LOG.error("Dashboard page failed (reference {})", reference, exchange.getProperty(Exchange.EXCEPTION_CAUGHT));
        render(exchange, 500, "dashboard/failed", Map.of("reference", reference));
    }

    private static final Set<Role> OWNERS = EnumSet.of(Role.OWNER);

    private void team(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = user(exchange, OWNERS);
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("members", team.team(user.merchantId()));
        page.put("roles", Role.values());
        render(exchange, status, "dashboard/team", page);
    }

    /** An Owner invites a teammate; the single-use link is shown once, to be passed on. */
    private void invite(Exchange exchange) {
        DashboardUser user = user(exchange, OWNERS);
        Map<String, String> form = form(exchange);
        String email = form.getOrDefault("email", "").strip();
        Role role = Role.of(form.get("role"));
        if (!EmailAddress.Check.valid(email) || email.length() > 254) {
            team(exchange, 400, Map.of("error", "team.error.email", "email", email));
            return;
        }
        if (role == null) {
            team(exchange, 400, Map.of("error", "team.error.role", "email", email));
            return;
        }
        TeamMembers.Invitation invitation;
        try {
            invitation = team.invite(user.merchantId(), email, role);
        } catch (ApiException taken) {
            team(exchange, 409, Map.of("error", "team.error.taken", "email", email));
            return;
        }
        team.audit(user.merchantId(), user.id(), "member_invited", invitation.email() + " " + role,
                addresses.of(exchange));
        team(exchange, 201, Map.of("invited", invitation, "link", publicUrl + "/dashboard/invitation/"
                + invitation.token()));
    }

    private void changeRole(Exchange exchange) {
        DashboardUser user = user(exchange, OWNERS);
        Role role = Role.of(form(exchange).get("role"));
        Optional<UUID> member = memberId(exchange, user);
        if (member.isEmpty()) {
            team(exchange, 404, Map.of("error", "team.error.unknown"));
            return;
        }
        if (role == null) {
            team(exchange, 400, Map.of("error", "team.error.role"));
            return;
        }
        if (!team.changeRole(user.merchantId(), member.get(), role)) {
            team(exchange, 409, Map.of("error", "team.error.last-owner"));
            return;
        }
        team.audit(user.merchantId(), user.id(), "member_role_changed", member.get() + " " + role,
                addresses.of(exchange));
        seeOther(exchange, "/dashboard/team");
    }

    private void removeMember(Exchange exchange) {
        DashboardUser user = user(exchange, OWNERS);
        Optional<UUID> member = memberId(exchange, user);
        if (member.isEmpty()) {
            team(exchange, 404, Map.of("error", "team.error.unknown"));
            return;
        }
        if (!team.remove(user.merchantId(), member.get())) {
            team(exchange, 409, Map.of("error", "team.error.last-owner"));
            return;
        }
        team.audit(user.merchantId(), user.id(), "member_removed", member.get().toString(), addresses.of(exchange));
        seeOther(exchange, "/dashboard/team");
    }

    /** The {id} of the path, when it names a member of the user's own team. */
    private Optional<UUID> memberId(Exchange exchange, DashboardUser user) {
        String id = exchange.getIn().getHeader("id", String.class);
        return team.team(user.merchantId()).stream().map(TeamMember::id).filter(m -> m.toString().equals(id))
                .findFirst();
    }

    /** Who may hand out and revoke the merchant's keys. */
    private static final Set<Role> KEY_KEEPERS = EnumSet.of(Role.OWNER, Role.DEVELOPER);

    /** The merchant's token-API keys (never their secrets, except the one just created). */
    private void developers(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = user(exchange, KEY_KEEPERS);
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("keys", testKeys(user));
        page.put("scopes", Scope.values());
        page.put("twoFactors", team.find(user.id()).map(TeamMember::hasTwoFactors).orElse(false));
        render(exchange, status, "dashboard/developers", page);
    }

    /** The merchant's test-mode token-API keys, as the admin API reads them (never their secrets). */
    private List<ApiKeyView> testKeys(DashboardUser user) {
        MerchantView merchant = camel.send(MerchantEndpoints.MERCHANT_GET, e -> e.setProperty(MerchantRoutes.MERCHANT_ID,
                user.merchantId())).getMessage().getBody(MerchantView.class);
        return merchant.apiKeys().stream().filter(k -> !k.livemode()).toList();
    }

    /** A new test-mode key, after a fresh code from the member's app; its secret is shown once. */
    private void createKey(Exchange exchange) {
        DashboardUser user = user(exchange, KEY_KEEPERS);
        Map<String, String> form = form(exchange);
        String name = form.getOrDefault("name", "").strip();
        List<String> scopes = Arrays.stream(Scope.values()).map(Scope::value)
                .filter(scope -> "on".equals(form.get("scope." + scope))).toList();
        String problem = name.isEmpty() || name.length() > 100 ? "keys.error.name"
                : scopes.isEmpty() ? "keys.error.scopes" : null;
        TeamMember member = team.find(user.id()).orElseThrow();
        if (problem == null && !team.secondFactor(member, form.get("code"))) {
            problem = member.hasTwoFactors() ? "code.error" : "keys.error.two-factors";
        }
        if (problem != null) {
            developers(exchange, 400, Map.of("error", problem, "name", name));
            return;
        }
        Exchange issued = camel.send(MerchantEndpoints.API_KEY_ISSUE, e -> {
            e.setProperty(MerchantRoutes.MERCHANT_ID, user.merchantId());
            e.getIn().setBody(new NewApiKey(name, false, scopes, List.of(), null));
        });
        if (issued.getException() != null) {
            throw new IllegalStateException("issuing a key", issued.getException());
        }
        ApiKeyView key = issued.getMessage().getBody(ApiKeyView.class);
        team.audit(user.merchantId(), user.id(), "api_key_created", key.keyPrefix() + " " + name,
                addresses.of(exchange));
        developers(exchange, 201, Map.of("created", key));
    }

    /** Revokes one of the merchant's keys at once (another merchant's key id is a 404). */
    private void revokeKey(Exchange exchange) {
        DashboardUser user = user(exchange, KEY_KEEPERS);
        String id = exchange.getIn().getHeader("id", String.class);
        Optional<ApiKeyView> key = testKeys(user).stream().filter(k -> k.id().toString().equals(id)).findFirst();
        if (key.isEmpty()) {
            developers(exchange, 404, Map.of("error", "keys.error.unknown"));
            return;
        }
        Exchange revoked = camel.send(MerchantEndpoints.API_KEY_REVOKE, e -> e.setProperty(MerchantRoutes.CREDENTIAL_ID,
                key.get().id()));
        if (revoked.getException() != null) {
            throw new IllegalStateException("revoking a key", revoked.getException());
        }
        team.audit(user.merchantId(), user.id(), "api_key_revoked", key.get().keyPrefix(), addresses.of(exchange));
        seeOther(exchange, "/dashboard/developers");
    }

    /** One page of the merchant's payments, from both APIs, newest first, narrowed by the filters. */
    @SuppressWarnings("unchecked")
    private void payments(Exchange exchange) {
        DashboardUser user = user(exchange);
        Locale locale = language(exchange);
        PaymentFilters filters = PaymentFilters.of(name -> exchange.getIn().getHeader(name, String.class));
        Map<String, String> problems = filters.problems();
        Map<String, Object> page = new HashMap<>();
        page.put("user", user);
        page.put("filters", filters);
        page.put("problems", problems);
        page.put("statuses", PaymentStatus.values());
        page.put("channels", Channel.values());
        if (!problems.isEmpty()) {
            page.put("payments", List.of());
            render(exchange, 400, "dashboard/payments", page);
            return;
        }
        List<PaymentView> found = camel.requestBody(PaymentsEndpoints.VIEWS_SEARCH,
                filters.search(user.merchantId(), false, checkout.zone()), List.class);
        NumberFormat money = NumberFormat.getNumberInstance(locale);
        money.setMinimumFractionDigits(0);
        money.setMaximumFractionDigits(2);
        DateTimeFormatter times = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT)
                .withLocale(locale).withZone(checkout.zone());
        page.put("payments", found.stream().limit(PaymentFilters.PAGE).map(p -> Map.of("payment", p,
                "amount", p.currency() + " " + money.format(p.amount()), "created", times.format(p.createdAt()),
                "method", p.provider() == null ? p.channel()
                        : providers.find(p.provider()).map(provider -> provider.name()).orElse(p.provider()),
                "payer", p.msisdn() == null ? "" : Msisdn.readable(p.msisdn()))).toList());
        String next = KeysetPages.nextBefore(found, PaymentFilters.PAGE);
        page.put("older", next == null ? null : "/dashboard/payments?" + filters.query()
                + (filters.query().isEmpty() ? "" : "&") + "before=" + next);
        render(exchange, 200, "dashboard/payments", page);
    }

    /** Both factors are right: the member is signed in, in a new session id. */
    private void signIn(Exchange exchange, TeamMember member) {
        HttpServletRequest request = request(exchange);
        request.changeSessionId();
        HttpSession session = request.getSession();
        session.removeAttribute(PASSWORD_OK);
        SecurityContext context = new SecurityContextImpl(UsernamePasswordAuthenticationToken.authenticated(
                DashboardUser.of(member, clock.instant()), null, List.of(new SimpleGrantedAuthority("ROLE_" + member.role()))));
        session.setAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY, context);
        team.audit(member.merchantId(), member.id(), "signed_in", null, addresses.of(exchange));
        seeOther(exchange, "/dashboard");
    }

    /** Who sets up a second factor: a member half-way through signing in, or one signed in without one. */
    private Optional<TeamMember> settingUp(Exchange exchange) {
        return pending(exchange).or(() -> signedIn(exchange).flatMap(u -> team.find(u.id())));
    }

    private static Optional<DashboardUser> signedIn(Exchange exchange) {
        HttpSession session = request(exchange).getSession(false);
        SecurityContext context = session == null ? null : (SecurityContext) session.getAttribute(
                HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
        return context != null && context.getAuthentication() != null
                && context.getAuthentication().getPrincipal() instanceof DashboardUser user
                ? Optional.of(user) : Optional.empty();
    }

    /** The member whose password was right in this session, when their second factor is still to come. */
    private Optional<TeamMember> pending(Exchange exchange) {
        HttpSession session = request(exchange).getSession(false);
        Object id = session == null ? null : session.getAttribute(PASSWORD_OK);
        return id instanceof UUID user ? team.find(user) : Optional.empty();
    }

    /**
     * The signed-in member; a session that no longer counts (the member signed out everywhere, or
     * left the team) is ended here, and the page answers with the sign-in.
     */
    private DashboardUser user(Exchange exchange) {
        DashboardUser user = signedIn(exchange).orElseThrow(
                () -> new IllegalStateException("a dashboard page reached without a signed-in member"));
        if (!team.sessionValid(user.id(), user.signedInAt())) {
            request(exchange).getSession().invalidate();
            throw new SessionEnded();
        }
        return user;
    }

    /** The signed-in member, when their role may do this; otherwise a 403 page says who may. */
    private DashboardUser user(Exchange exchange, Set<Role> allowed) {
        DashboardUser user = user(exchange);
        if (!allowed.contains(user.role())) {
            throw new Forbidden(user);
        }
        return user;
    }

    static final class Forbidden extends RuntimeException {
        final DashboardUser user;

        Forbidden(DashboardUser user) {
            super("not for this role", null, false, false);
            this.user = user;
        }
    }

    /** The session was ended elsewhere: back to the sign-in. */
    static final class SessionEnded extends RuntimeException {
        SessionEnded() {
            super("the session was ended", null, false, false);
        }
    }

    private void signOutEverywhere(Exchange exchange) {
        DashboardUser user = user(exchange);
        team.endSessions(user.id());
        team.audit(user.merchantId(), user.id(), "signed_out_everywhere", null, addresses.of(exchange));
        signOut(exchange);
    }

    private static HttpServletRequest request(Exchange exchange) {
        return HttpExchanges.request(exchange).orElseThrow();
    }

    private static Map<String, String> form(Exchange exchange) {
        return FormFields.of(HttpExchanges.rawBody(exchange));
    }

    private static Locale language(Exchange exchange) {
        Optional<HttpServletRequest> request = HttpExchanges.request(exchange);
        Cookie remembered = request.map(r -> WebUtils.getCookie(r, PageLanguage.COOKIE)).orElse(null);
        return PageLanguage.of(exchange.getIn().getHeader("lang", String.class),
                remembered == null ? null : remembered.getValue(),
                exchange.getIn().getHeader("Accept-Language", String.class));
    }

    private void render(Exchange exchange, int status, String template, Map<String, Object> values) {
        Locale locale = language(exchange);
        String nonce = PageAnswers.nonce();
        Map<String, Object> all = new HashMap<>(values);
        all.put("nonce", nonce);
        all.put("lang", locale.getLanguage());
        CsrfToken csrf = (CsrfToken) request(exchange).getAttribute(CsrfToken.class.getName());
        all.put("csrf", csrf);
        String html = templates.process(template, new Context(locale, all));
        answer(exchange, status, "text/html; charset=UTF-8", "no-store", html.getBytes(StandardCharsets.UTF_8));
        var out = exchange.getMessage();
        out.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; "
                + "script-src 'nonce-" + nonce + "'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
        out.setHeader("Content-Language", locale.getLanguage());
    }



    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
    }

}
