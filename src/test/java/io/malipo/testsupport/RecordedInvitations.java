package io.malipo.testsupport;

import io.malipo.merchant.InvitationLetters;
import io.malipo.merchant.TeamMembers;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/** The invitations Malipo would have mailed, as an installation's own InvitationLetters would get them. */
public final class RecordedInvitations implements InvitationLetters {

    private final List<TeamMembers.Invitation> sent = new CopyOnWriteArrayList<>();

    @Override
    public void send(TeamMembers.Invitation invitation) {
        sent.add(invitation);
    }

    /** The last invitation sent to this address, if any. */
    public Optional<TeamMembers.Invitation> to(String email) {
        return sent.stream().filter(i -> i.email().equalsIgnoreCase(email)).reduce((first, last) -> last);
    }
}
