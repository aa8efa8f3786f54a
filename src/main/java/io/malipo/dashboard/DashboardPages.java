package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.answer;

import io.malipo.checkout.CheckoutProperties;
import io.malipo.common.ApiException;
import io.malipo.common.ClientAddress;
import io.malipo.common.FormFields;
import io.malipo.common.HttpExchanges;
import io.malipo.common.PageAnswers;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import io.malipo.pages.PageLanguage;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.text.NumberFormat;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.time.temporal.TemporalAccessor;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.ProducerTemplate;
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
 * What every dashboard page does: find the signed-in member (and end a session that no longer
 * counts), check their role, read the posted form, speak the member's language, render a
 * template with its CSP nonce and CSRF token, and write the audit log.
 */
@Component
public class DashboardPages {

    /** A part of the dashboard a GET reaches: a top-level page, or one of the developers' pages. */
    private static final Pattern SECTION = Pattern.compile(
            "/dashboard(/developers/(?:checkout-credentials|webhooks|providers)(?=/|$)|/[a-z-]+(?=/|$))?");
    /** Session attribute: when the member last opened a page, for the idle timeout. */
    private static final String LAST_SEEN = "malipo.dashboard.lastSeen";

    private final TeamMembers team;
    private final TemplateEngine templates;
    private final ClientAddress addresses;
    private final ZoneId zone;
    private final Clock clock;
    private final ProducerTemplate camel;
    private final Duration idleTimeout;

    public DashboardPages(TeamMembers team, TemplateEngine templates, ClientAddress addresses,
            CheckoutProperties checkout, Clock clock, CamelContext context, DashboardProperties properties) {
        this.idleTimeout = properties.idleTimeout();
        this.team = team;
        this.templates = templates;
        this.addresses = addresses;
        this.zone = checkout.zone();
        this.clock = clock;
        this.camel = context.createProducerTemplate();
    }

    /**
     * Sends a body to one of the other packages' endpoints. Their refusals (ApiException) are
     * rethrown as they are, for the page to explain; anything else is the page's failure.
     */
    <T> T call(String endpoint, Consumer<Exchange> request, Class<T> answer) {
        Exchange done = camel.send(endpoint, request::accept);
        Exception failure = done.getException();
        if (failure instanceof ApiException refusal) {
            throw refusal;
        }
        if (failure != null) {
            throw new IllegalStateException(endpoint + " failed", failure);
        }
        return done.getMessage().getBody(answer);
    }

    <T> T call(String endpoint, Object body, Class<T> answer) {
        return call(endpoint, e -> e.getIn().setBody(body), answer);
    }

    /**
     * The signed-in member as they are now: a role changed by an Owner or a merchant verified
     * meanwhile counts at once, and live mode ends if the merchant is no longer verified. A
     * session that no longer counts (the member signed out everywhere, or left the team, or let
     * it sit idle too long) is ended here, and the page answers with the sign-in.
     */
    DashboardUser user(Exchange exchange) {
        DashboardUser session = signedIn(exchange).orElseThrow(
                () -> new IllegalStateException("a dashboard page reached without a signed-in member"));
        Optional<TeamMember> member = team.find(session.id())
                .filter(m -> !session.signedInAt().isBefore(m.sessionsValidAfter().toInstant()));
        HttpSession http = request(exchange).getSession();
        Instant now = clock.instant();
        Instant lastSeen = (Instant) http.getAttribute(LAST_SEEN);
        if (member.isEmpty() || lastSeen != null && now.isAfter(lastSeen.plus(idleTimeout))) {
            http.invalidate();
            throw new SessionEnded();
        }
        http.setAttribute(LAST_SEEN, now);
        http.setMaxInactiveInterval((int) idleTimeout.plusMinutes(1).toSeconds());
        DashboardUser current = session.as(member.get());
        if (!current.equals(session)) {
            keep(exchange, current);
        }
        return current;
    }

    /** The signed-in member, when their role may do this; otherwise a 403 page says who may. */
    DashboardUser user(Exchange exchange, Permission needed) {
        DashboardUser user = user(exchange);
        if (!needed.allows(user.role())) {
            throw new Forbidden(user);
        }
        return user;
    }

    static Optional<DashboardUser> signedIn(Exchange exchange) {
        HttpSession session = request(exchange).getSession(false);
        SecurityContext context = session == null ? null : (SecurityContext) session.getAttribute(
                HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
        return context != null && context.getAuthentication() != null
                && context.getAuthentication().getPrincipal() instanceof DashboardUser user
                ? Optional.of(user) : Optional.empty();
    }

    /** Puts the member into the session, as Spring Security keeps them (a new sign-in, or a change of mode). */
    static void keep(Exchange exchange, DashboardUser user) {
        SecurityContext context = new SecurityContextImpl(UsernamePasswordAuthenticationToken.authenticated(
                user, null, List.of(new SimpleGrantedAuthority("ROLE_" + user.role()))));
        request(exchange).getSession().setAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY,
                context);
    }

    /** Records a change made in the dashboard: who, what, from where (Owners read it on the audit page). */
    void audit(Exchange exchange, DashboardUser user, String action, String detail) {
        team.audit(user.merchantId(), user.id(), action, detail, addresses.of(exchange));
    }

    /**
     * Null when the code a form carries (from the member's authenticator app, or a recovery code) is
     * right and unused; it is then spent, so a form sent twice moves money or hands out a secret
     * once. Otherwise the message key to show beside the code field: an empty field asks for the
     * code, a member without a second factor gets {@code withoutTwoFactors}.
     */
    String freshCodeProblem(TeamMember member, String code, String withoutTwoFactors) {
        if (!member.hasTwoFactors()) {
            return withoutTwoFactors;
        }
        if (code == null || code.isBlank()) {
            return "code.missing";
        }
        return team.secondFactor(member, code) ? null : "code.error";
    }

    String address(Exchange exchange) {
        return addresses.of(exchange);
    }

    static HttpServletRequest request(Exchange exchange) {
        return HttpExchanges.request(exchange).orElseThrow();
    }

    static Map<String, String> form(Exchange exchange) {
        return FormFields.of(HttpExchanges.rawBody(exchange));
    }

    /** The {id} of the path as a UUID, or null when it is not one (the page then answers 404). */
    static UUID pathId(Exchange exchange) {
        try {
            return UUID.fromString(exchange.getIn().getHeader("id", String.class));
        } catch (IllegalArgumentException | NullPointerException e) {
            return null;
        }
    }

    static Locale language(Exchange exchange) {
        Optional<HttpServletRequest> request = HttpExchanges.request(exchange);
        Cookie remembered = request.map(r -> WebUtils.getCookie(r, PageLanguage.COOKIE)).orElse(null);
        return PageLanguage.of(exchange.getIn().getHeader("lang", String.class),
                remembered == null ? null : remembered.getValue(),
                exchange.getIn().getHeader("Accept-Language", String.class));
    }

    ZoneId zone() {
        return zone;
    }

    Instant now() {
        return clock.instant();
    }

    /** An amount as the member's language writes it: whole amounts without decimals, others with two. */
    static String money(Locale locale, String currency, BigDecimal amount) {
        NumberFormat format = NumberFormat.getNumberInstance(locale);
        format.setMinimumFractionDigits(amount.stripTrailingZeros().scale() > 0 ? 2 : 0);
        format.setMaximumFractionDigits(2);
        return currency == null ? format.format(amount) : currency + " " + format.format(amount);
    }

    /** A moment as the member's language writes it, in Malipo's zone. */
    String time(Locale locale, TemporalAccessor at) {
        return DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.SHORT).withLocale(locale)
                .withZone(zone).format(at);
    }

    /** A moment to the second, for logs a member compares with their own (audit, deliveries). */
    String exactTime(Locale locale, TemporalAccessor at) {
        return DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM, FormatStyle.MEDIUM).withLocale(locale)
                .withZone(zone).format(at);
    }

    /** Renders a dashboard template as the answer, with a fresh CSP nonce and the session's CSRF token. */
    void render(Exchange exchange, int status, String template, Map<String, Object> values) {
        Locale locale = language(exchange);
        String nonce = PageAnswers.nonce();
        Map<String, Object> all = new HashMap<>(values);
        all.put("nonce", nonce);
        all.put("lang", locale.getLanguage());
        all.put("csrf", request(exchange).getAttribute(CsrfToken.class.getName()));
        HttpServletRequest http = request(exchange);
        all.put("section", section(http.getRequestURI()));
        // The page in the other language: this one when a GET shows it, its section after a form.
        all.put("here", "GET".equals(http.getMethod()) ? http.getRequestURI() : section(http.getRequestURI()));
        all.put("otherLang", PageLanguage.other(locale));
        String html = templates.process(template, new Context(locale, all));
        Optional<String> remembered = PageLanguage.remembered(exchange.getIn().getHeader("lang", String.class),
                "/dashboard", http.isSecure());
        answer(exchange, status, "text/html; charset=UTF-8", "no-store", html.getBytes(StandardCharsets.UTF_8));
        var out = exchange.getMessage();
        remembered.ifPresent(cookie -> out.setHeader("Set-Cookie", cookie));
        out.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'self'; img-src 'self'; "
                + "script-src 'nonce-" + nonce + "'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'");
        out.setHeader("Content-Language", locale.getLanguage());
    }

    /**
     * The part of the dashboard a path is in ("/dashboard/payments" for a payment's page): where
     * switching mode leads back to, since one mode's payment is not in the other.
     */
    static String section(String path) {
        Matcher section = SECTION.matcher(path == null ? "" : path);
        return section.lookingAt() ? section.group() : "/dashboard";
    }

    /** The member's role may not do this: the page says who may. */
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

    /** The page names something the member's merchant (in this mode) does not have: a 404 page. */
    static final class NotFound extends RuntimeException {
        final DashboardUser user;

        NotFound(DashboardUser user) {
            super("not the merchant's", null, false, false);
            this.user = user;
        }
    }
}
