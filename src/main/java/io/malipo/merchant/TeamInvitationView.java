package io.malipo.merchant;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.time.OffsetDateTime;
import java.util.UUID;

/**
 * An invitation as the admin API answers it: the link, single use, shown in this answer only
 * (no mail server is needed: whoever invites passes it on, unless the installation has
 * {@link InvitationLetters}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record TeamInvitationView(UUID id, String email, Role role, String invitationUrl, OffsetDateTime expiresAt) {

    static TeamInvitationView of(TeamMembers.Invitation invitation) {
        return new TeamInvitationView(invitation.userId(), invitation.email(), invitation.role(), invitation.link(),
                invitation.expiresAt());
    }
}
