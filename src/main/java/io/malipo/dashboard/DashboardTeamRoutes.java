package io.malipo.dashboard;

import static io.malipo.common.PageAnswers.seeOther;

import io.malipo.common.ApiException;
import io.malipo.common.EmailAddress;
import io.malipo.merchant.Role;
import io.malipo.merchant.TeamMember;
import io.malipo.merchant.TeamMembers;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.camel.Exchange;
import org.springframework.stereotype.Component;

/** The Owners' pages: the team (invite, change a role, remove, never the last Owner) and the audit log. */
@Component
public class DashboardTeamRoutes extends DashboardRouteBuilder {

    private final TeamMembers team;

    public DashboardTeamRoutes(DashboardPages pages, TeamMembers team) {
        super(pages);
        this.team = team;
    }

    @Override
    protected void routes() {
        dashboard().get("/team").id("rest-dashboard-team").to("direct:dashboard-team")
                .post("/team").id("rest-dashboard-team-invite").to("direct:dashboard-team-invite")
                .post("/team/{id}/role").id("rest-dashboard-team-role").to("direct:dashboard-team-role")
                .post("/team/{id}/remove").id("rest-dashboard-team-remove").to("direct:dashboard-team-remove")
                .get("/audit").id("rest-dashboard-audit").to("direct:dashboard-audit");
        page("direct:dashboard-team", e -> team(e, 200, Map.of()));
        page("direct:dashboard-team-invite", this::invite);
        page("direct:dashboard-team-role", this::changeRole);
        page("direct:dashboard-team-remove", this::removeMember);
        page("direct:dashboard-audit", this::audit);
    }

    private void audit(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_TEAM);
        Locale locale = DashboardPages.language(exchange);
        pages.render(exchange, 200, "dashboard/audit", Map.of("user", user, "entries", team.auditLog(user.merchantId())
                .stream().map(a -> Map.of("entry", a, "at", pages.exactTime(locale, a.createdAt()))).toList()));
    }

    private void team(Exchange exchange, int status, Map<String, Object> extra) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_TEAM);
        Map<String, Object> page = new HashMap<>(extra);
        page.put("user", user);
        page.put("members", team.team(user.merchantId()));
        page.put("roles", Role.values());
        pages.render(exchange, status, "dashboard/team", page);
    }

    /** An Owner invites a teammate; the single-use link is shown once, to be passed on. */
    private void invite(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_TEAM);
        Map<String, String> form = DashboardPages.form(exchange);
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
        pages.audit(exchange, user, "member_invited", invitation.email() + " " + role);
        team(exchange, 201, Map.of("invited", invitation, "link", invitation.link()));
    }

    private void changeRole(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_TEAM);
        Role role = Role.of(DashboardPages.form(exchange).get("role"));
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
        pages.audit(exchange, user, "member_role_changed", member.get() + " " + role);
        seeOther(exchange, "/dashboard/team");
    }

    private void removeMember(Exchange exchange) {
        DashboardUser user = pages.user(exchange, Permission.MANAGE_TEAM);
        Optional<UUID> member = memberId(exchange, user);
        if (member.isEmpty()) {
            team(exchange, 404, Map.of("error", "team.error.unknown"));
            return;
        }
        if (!team.remove(user.merchantId(), member.get())) {
            team(exchange, 409, Map.of("error", "team.error.last-owner"));
            return;
        }
        pages.audit(exchange, user, "member_removed", member.get().toString());
        seeOther(exchange, "/dashboard/team");
    }

    /** The {id} of the path, when it names a member of the user's own team. */
    private Optional<UUID> memberId(Exchange exchange, DashboardUser user) {
        UUID id = DashboardPages.pathId(exchange);
        return team.team(user.merchantId()).stream().map(TeamMember::id).filter(m -> m.equals(id)).findFirst();
    }
}
