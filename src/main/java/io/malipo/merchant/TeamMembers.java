package io.malipo.merchant;

import io.malipo.common.ApiException;
import io.malipo.common.MalipoProperties;
import io.malipo.common.RandomTokens;
import io.malipo.common.Transactions;
import io.malipo.common.SqlFiles;
import io.malipo.common.SqlRecords;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.apache.commons.codec.digest.DigestUtils;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/**
 * A merchant's team: invitations, passwords (Argon2, Spring Security's encoder), the second
 * factor (TOTP secrets sealed like every stored secret, recovery codes kept as SHA-256) and the
 * audit log of what they do in the dashboard. Statements in sql/team/.
 */
@Component
public class TeamMembers {

    /** How long an invitation link may be used. */
    public static final Duration INVITATION_VALIDITY = Duration.ofHours(72);
    /** The fewest characters a password may have (NIST SP 800-63B asks for 8 at least). */
    public static final int MIN_PASSWORD = 10;
    private static final int RECOVERY_CODES = 10;
    private static final Logger LOG = LoggerFactory.getLogger(TeamMembers.class);
    private static final RowMapper<TeamMember> MEMBERS = SqlRecords.rows(TeamMember.class);
    private static final RowMapper<AuditEntry> AUDIT = SqlRecords.rows(AuditEntry.class);

    private final NamedParameterJdbcTemplate jdbc;
    private final Clock clock;
    private final SecretBox secrets;
    private final String publicUrl;
    private final ObjectProvider<InvitationLetters> letters;
    private final PasswordEncoder passwords = Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8();
    /** Compared against when no member has the email, so an unknown email takes as long as a wrong password. */
    private final String decoy;

    public TeamMembers(NamedParameterJdbcTemplate jdbc, Clock clock, SecretBox secrets, MalipoProperties malipo,
            ObjectProvider<InvitationLetters> letters) {
        this.jdbc = jdbc;
        this.clock = clock;
        this.secrets = secrets;
        this.publicUrl = malipo.publicUrl().replaceAll("/+$", "");
        this.letters = letters;
        this.decoy = passwords.encode(RandomTokens.base62(20));
    }

    /**
     * An invitation: the member it made, the token of its link and the link itself, shown once.
     *
     * @param merchantName the business the person is invited to
     */
    public record Invitation(UUID userId, String email, Role role, String merchantName, String token, String link,
            OffsetDateTime expiresAt) {
    }

    /** Invites a person to a merchant's team; 409 when the email already belongs to someone. */
    @Transactional
    public Invitation invite(UUID merchantId, String email, Role role) {
        OffsetDateTime now = now();
        UUID userId = UUID.randomUUID();
        String normalised = email.strip().toLowerCase(Locale.ROOT);
        try {
            jdbc.update(SqlFiles.load("team/insert-member.sql"), Map.of("id", userId, "merchantId", merchantId,
                    "email", normalised, "role", role.name(), "now", now));
        } catch (DuplicateKeyException e) {
            throw new ApiException(409, "email_taken", "Someone with this email is already on a team; invite "
                    + "another address.");
        }
        String token = "inv_" + RandomTokens.base62(32);
        OffsetDateTime expiresAt = now.plus(INVITATION_VALIDITY);
        jdbc.update(SqlFiles.load("team/insert-invitation.sql"), Map.of("id", UUID.randomUUID(), "userId", userId,
                "tokenHash", DigestUtils.sha256Hex(token), "expiresAt", expiresAt, "now", now));
        Invitation invitation = new Invitation(userId, normalised, role, find(userId).orElseThrow().merchantName(),
                token, publicUrl + "/dashboard/invitation/" + token, expiresAt);
        letters.ifAvailable(sender -> Transactions.afterCommit(() -> {
            try {
                sender.send(invitation);
            } catch (RuntimeException e) {
                LOG.warn("The invitation of member {} could not be sent; its link was shown to whoever invited",
                        userId, e);
            }
        }));
        return invitation;
    }

    /**
     * A member who needs no invitation, with a password of Malipo's choosing: the embedded
     * default's demo Owner, whose sign-in the first start prints.
     *
     * @return the password, shown once
     */
    @Transactional
    public String createWithPassword(UUID merchantId, String email, Role role) {
        Invitation invitation = invite(merchantId, email, role);
        String password = RandomTokens.base62(16);
        accept(invitation.token(), password);
        return password;
    }

    /** The member an unused, unexpired invitation is for. */
    public Optional<TeamMember> invited(String token) {
        if (token == null || token.length() > 64) {
            return Optional.empty();
        }
        return one("team/select-member-by-invitation.sql", Map.of("tokenHash", DigestUtils.sha256Hex(token),
                "now", now()));
    }

    /** Accepts an invitation with the member's new password; false when the link was used or expired meanwhile. */
    @Transactional
    public boolean accept(String token, String password) {
        Optional<TeamMember> member = invited(token);
        if (member.isEmpty() || jdbc.update(SqlFiles.load("team/update-invitation-used.sql"),
                Map.of("tokenHash", DigestUtils.sha256Hex(token), "now", now())) != 1) {
            return false;
        }
        jdbc.update(SqlFiles.load("team/update-member-password.sql"), Map.of("id", member.get().id(),
                "passwordHash", passwords.encode(password)));
        return true;
    }

    /** The member whose email and password these are. */
    public Optional<TeamMember> withPassword(String email, String password) {
        Optional<TeamMember> member = email == null ? Optional.empty()
                : one("team/select-member-by-email.sql", Map.of("email", email.strip().toLowerCase(Locale.ROOT)));
        String hash = member.map(TeamMember::passwordHash).orElse(null);
        boolean matches = passwords.matches(password == null ? "" : password, hash == null ? decoy : hash);
        return matches && hash != null ? member : Optional.empty();
    }

    public Optional<TeamMember> find(UUID id) {
        return one("team/select-member.sql", Map.of("id", id));
    }

    /** A new secret for the member's authenticator app, not yet theirs until {@link #enableTwoFactors}. */
    public String newTotpSecret() {
        return TotpCodes.newSecret();
    }

    /**
     * Makes the secret the member's second factor once a code from their app proves they hold it.
     *
     * @return the recovery codes, to be shown once; empty when the code is wrong
     */
    @Transactional
    public List<String> enableTwoFactors(UUID userId, String secret, String code) {
        OptionalLong step = TotpCodes.step(secret, code, clock.instant());
        if (step.isEmpty() || jdbc.update(SqlFiles.load("team/update-member-totp.sql"), Map.of("id", userId,
                "secretSealed", secrets.seal(userId, secret), "now", now(), "step", step.getAsLong())) != 1) {
            return List.of();
        }
        List<String> codes = new ArrayList<>();
        for (int i = 0; i < RECOVERY_CODES; i++) {
            String recovery = RandomTokens.crockford(5) + "-" + RandomTokens.crockford(5);
            codes.add(recovery);
            jdbc.update(SqlFiles.load("team/insert-recovery-code.sql"), Map.of("userId", userId,
                    "codeHash", DigestUtils.sha256Hex(recovery)));
        }
        return codes;
    }

    /** Whether the code from the member's app, or one of their unused recovery codes, is right now; each is good once. */
    public boolean secondFactor(TeamMember member, String code) {
        if (!member.hasTwoFactors() || code == null) {
            return false;
        }
        OptionalLong step = TotpCodes.step(secrets.open(member.id(), member.totpSecretSealed()), code,
                clock.instant());
        if (step.isPresent()) {
            return jdbc.update(SqlFiles.load("team/update-member-totp-step.sql"),
                    Map.of("id", member.id(), "step", step.getAsLong())) == 1;
        }
        String recovery = code.strip().toUpperCase(Locale.ROOT);
        return recovery.matches("[0-9A-Z]{5}-[0-9A-Z]{5}") && jdbc.update(
                SqlFiles.load("team/update-recovery-code-used.sql"), Map.of("userId", member.id(),
                        "codeHash", DigestUtils.sha256Hex(recovery), "now", now())) == 1;
    }

    /** Ends every session of the member, on every instance: each checks when its session began. */
    public void endSessions(UUID userId) {
        jdbc.update(SqlFiles.load("team/update-member-sessions-ended.sql"), Map.of("id", userId, "now", now()));
    }

    /** A merchant's team, Owners first. */
    public List<TeamMember> team(UUID merchantId) {
        return jdbc.query(SqlFiles.load("team/select-team.sql"), Map.of("merchantId", merchantId), MEMBERS);
    }

    /** Gives a member of the merchant's team another role; false when that would leave no Owner. */
    public boolean changeRole(UUID merchantId, UUID userId, Role role) {
        return jdbc.update(SqlFiles.load("team/update-member-role.sql"), Map.of("merchantId", merchantId,
                "id", userId, "role", role.name())) == 1;
    }

    /** Removes a member from the merchant's team, ending their sessions; false when they are the last Owner. */
    public boolean remove(UUID merchantId, UUID userId) {
        return jdbc.update(SqlFiles.load("team/update-member-removed.sql"), Map.of("merchantId", merchantId,
                "id", userId, "now", now())) == 1;
    }

    /** The latest 200 lines of the merchant's audit log, newest first. */
    public List<AuditEntry> auditLog(UUID merchantId) {
        return jdbc.query(SqlFiles.load("team/select-audit.sql"), Map.of("merchantId", merchantId), AUDIT);
    }

    /** Records what a member did (or what was done to their account) in the audit log. */
    public void audit(UUID merchantId, UUID userId, String action, String detail, String address) {
        Map<String, Object> row = new HashMap<>();
        row.put("id", UUID.randomUUID());
        row.put("merchantId", merchantId);
        row.put("userId", userId);
        row.put("action", action);
        row.put("detail", detail);
        row.put("address", address);
        row.put("now", now());
        jdbc.update(SqlFiles.load("team/insert-audit.sql"), row);
    }

    private Optional<TeamMember> one(String sql, Map<String, ?> parameters) {
        return jdbc.query(SqlFiles.load(sql), parameters, MEMBERS).stream().findFirst();
    }

    private OffsetDateTime now() {
        return OffsetDateTime.ofInstant(clock.instant(), ZoneOffset.UTC);
    }
}
